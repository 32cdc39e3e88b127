import Testing

/// The suites that run several `bi-server` processes behind a balancer under a mixed load
/// (one of them a Patroni cluster too), nested here to run one test at a time: each alone keeps
/// a two-core machine's cores busy, and several at once starved the timing of the other suites
/// running beside them.
@Suite(.serialized) struct SeveralInstancesTests {}
