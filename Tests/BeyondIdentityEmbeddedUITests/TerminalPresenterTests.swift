@testable import BeyondIdentityEmbeddedUI
import Foundation
import Synchronization
import Testing

/// The terminal presenter's ends of lines: a flow ends with the cursor at the start of a clean
/// line, whether the last screen was waiting at its prompt (work finished under a progress
/// screen) or the user had just typed a choice; and screens are wrapped to the terminal's width.
@Suite struct TerminalPresenterTests {
    /// What a presenter wrote.
    final class Written: Sendable {
        private let text = Mutex("")
        func write(_ more: String) { text.withLock { $0 += more } }
        var all: String { text.withLock { $0 } }
    }

    static let progress = Screen(
        kind: .progress, title: "Signing you in…", inProgress: true, actions: [ScreenAction(.cancel, "Cancel", role: .dismiss)])
    static let choice = Screen(
        kind: .notice, title: "Device added", actions: [ScreenAction(.back, "OK", role: .primary), ScreenAction(.close, "Close")])

    /// How a flow ends: on which presenter, the last screen, the line the user typed there
    /// (`nil`: none; the flow replaced the screen), and what dismissing the flow writes.
    struct Ending: Sendable, CustomTestStringConvertible {
        let styled: Bool
        let echoes: Bool
        let screen: Screen
        let typed: String?
        let dismissal: String
        let testDescription: String
    }

    func presenter(styled: Bool, echoes: Bool, typed: TypedLines, width: Int? = nil) -> (TerminalPresenter, Written) {
        let written = Written()
        let presenter = TerminalPresenter(
            strings: .english, styled: styled, clock: { Date(timeIntervalSince1970: 1_800_000_000) },
            input: LineInput(read: typed.read), width: { width }, echoes: echoes, output: written.write)
        return (presenter, written)
    }

    @Test(arguments: [
        Ending(styled: true, echoes: true, screen: progress, typed: nil, dismissal: "\r\u{1B}[2K",
               testDescription: "a styled prompt left waiting is erased"),
        Ending(styled: false, echoes: false, screen: choice, typed: "2", dismissal: "\n",
               testDescription: "a plain prompt whose answer the output did not show is ended"),
        Ending(styled: false, echoes: false, screen: progress, typed: nil, dismissal: "",
               testDescription: "a plain progress screen ended its line itself"),
        Ending(styled: true, echoes: true, screen: choice, typed: "1", dismissal: "",
               testDescription: "the terminal echoed the typed line's Enter"),
    ])
    func aFlowEndsOnACleanLine(_ ending: Ending) async throws {
        let typed = TypedLines()
        let (presenter, written) = presenter(styled: ending.styled, echoes: ending.echoes, typed: typed)
        if let line = ending.typed {
            typed.type(line)
            _ = await presenter.present(ending.screen)
        } else {
            let shown = Task { await presenter.present(ending.screen) }
            while !written.all.contains(ending.screen.title) { try await Task.sleep(for: .milliseconds(5)) }
            shown.cancel()  // as when the work under a progress screen finishes
            _ = await shown.value
        }
        let before = written.all
        await presenter.dismiss()
        #expect(written.all.dropFirst(before.count) == ending.dismissal, "after: \(before.debugDescription)")
        typed.type(nil)
    }

    @Test func screensAreWrappedToTheTerminalsWidth() async throws {
        let typed = TypedLines()
        let (presenter, written) = presenter(styled: false, echoes: false, typed: typed, width: 20)
        let screen = Screen(
            kind: .enterCode, title: "Add", message: "Enter the 9-digit code it shows.",
            actions: [ScreenAction(.back, "Back", role: .dismiss)])
        typed.type("1")
        #expect(await presenter.present(screen) == .back)
        #expect(written.all.contains("\nEnter the 9-digit\ncode it shows.\n"))
        typed.type(nil)
    }
}
