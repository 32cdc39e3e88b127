/// Turns on SQLite's one connection, and commits shared between them (group commit).
///
/// Units of work take turns, in the order they asked. A unit that finishes while others are
/// waiting leaves the transaction open and hands its turn on: the next unit runs inside the same
/// transaction, and one `COMMIT` (one `fsync` under `synchronous=FULL`) ends them all. A unit
/// that joined a group is answered only once that commit is durable, and with its error if the
/// commit fails; a group closes when nobody is waiting, at ``capacity`` units, or once it has
/// been open for its window (``defaultWindow``): a unit never waits behind more than that many
/// others, and another process (a backup, `bi-server rotate-master-key`) never waits long for
/// the write lock the group holds, however slowly a loaded machine hands the turn on.
///
/// This type only keeps the turns; ``SQLiteEngine`` runs the statements (`BEGIN`, savepoints,
/// `COMMIT`) while holding its turn.
actor CommitGroup {
    /// The most units one commit ends: bounds how long the first of them waits for it.
    static let capacity = 16
    /// How long a group takes new members after it opened, unless told otherwise.
    static let defaultWindow: Duration = .milliseconds(5)

    private let window: Duration

    /// What a unit does when its statements are done.
    enum Close {
        /// Its work is in the open group, whose commit has been made durable by a later unit.
        case joined
        /// Nobody else can join: the unit commits (or rolls back) now, then calls ``closed(_:)``.
        case commit
    }

    /// What a unit asks to run as.
    enum Unit {
        /// A transaction of its own inside the group (a savepoint), opening the group if none is.
        case transaction
        /// Statements that may run inside an open group, and otherwise on their own.
        case statements
        /// Statements SQLite refuses or ignores inside a transaction (`VACUUM`, `PRAGMA
        /// foreign_keys`): an open group is committed before they run.
        case outsideTransactions
    }

    private var busy = false
    private var waiting: [(unit: Unit, turn: CheckedContinuation<Void, Never>)] = []
    private var committing: [CheckedContinuation<Void, any Error>] = []
    private var members = 0
    private var openedAt = ContinuousClock.now

    /// Whether a transaction is open on the connection: the unit holding the turn runs inside it.
    private(set) var isOpen = false

    /// Groups that take new members for `window` after they open.
    init(window: Duration = CommitGroup.defaultWindow) {
        self.window = window
    }

    /// How many units wait for their turn.
    var waitingUnits: Int { waiting.count }

    /// Waits for the turn of a `unit`; returns whether it runs inside an open group.
    func enter(_ unit: Unit) async -> Bool {
        guard busy else {
            busy = true
            return false
        }
        await withCheckedContinuation { waiting.append((unit, $0)) }
        return isOpen
    }

    /// The unit holding the turn has opened a transaction (`BEGIN`).
    func opened() {
        isOpen = true
        members = 0
        openedAt = .now
    }

    /// The unit holding the turn is done with its statements (which succeeded, or were undone).
    /// While others wait and the group has room and time, it passes the turn on with the
    /// transaction open and returns once the group's commit is durable (throwing if that commit
    /// failed). Otherwise the unit must end the group.
    func leave() async throws -> Close {
        members += 1
        guard let next = waiting.first, next.unit != .outsideTransactions, members < Self.capacity,
              ContinuousClock.now - openedAt < window
        else { return .commit }
        try await withCheckedThrowingContinuation { (member: CheckedContinuation<Void, any Error>) in
            committing.append(member)
            passTurn()
        }
        return .joined
    }

    /// The group's transaction ended with `outcome` (a commit, or a rollback's error): every unit
    /// waiting on it is answered, and the turn passes on.
    func closed(_ outcome: Result<Void, any Error>) {
        isOpen = false
        members = 0
        for member in committing { member.resume(with: outcome) }
        committing = []
        passTurn()
    }

    /// Gives the turn back when no transaction is open (a statement run on its own).
    func release() {
        passTurn()
    }

    private func passTurn() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().turn.resume()
        }
    }
}
