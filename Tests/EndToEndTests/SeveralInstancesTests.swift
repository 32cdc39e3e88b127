import Testing
import TestProcessSupport

/// The suites that run several `bi-server` processes behind a balancer (HAProxy) under a mixed
/// load that mails through an SMTP server (aiosmtpd) and delivers webhooks (checked by
/// standardwebhooks), one of them on a Patroni cluster too; nested here to run one test at a
/// time: each alone keeps a two-core machine's cores busy, and several at once starved the
/// timing of the other suites running beside them.
@Suite(.serialized, .requires(.haproxy), .requires(.aiosmtpd), .requires(.standardwebhooks))
struct SeveralInstancesTests {}
