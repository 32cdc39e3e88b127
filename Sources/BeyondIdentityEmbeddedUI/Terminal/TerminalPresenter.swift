#if !canImport(UIKit)
public import Foundation
import Synchronization

/// A ``FlowPresenter`` for a terminal: draws each screen (ANSI styles when the output is a
/// terminal, plain numbered lines otherwise) with its texts wrapped at spaces to the terminal's
/// width, ticks the countdown of a shown code every second, and reads the user's choice (a
/// number) or input (a code) a line at a time. When the flow ends, the cursor is left at the
/// start of a clean line, so whatever the app prints next does not follow a prompt.
public final class TerminalPresenter: FlowPresenter {
    private let styled: Bool
    private let renderer: TerminalRenderer
    private let input: LineInput
    private let clock: @Sendable () -> Date
    private let width: @Sendable () -> Int?
    private let echoes: Bool
    private let output: @Sendable (String) -> Void
    /// Whether the last screen left the cursor after its prompt, on a line not yet ended.
    private let afterPrompt = Mutex(false)

    /// A presenter on standard input and output; `styled` defaults to whether standard output is a terminal.
    public convenience init(strings: UIStrings = .english, styled: Bool? = nil, clock: @escaping @Sendable () -> Date = Date.init) {
        let terminal = isatty(STDOUT_FILENO) == 1
        self.init(
            strings: strings, styled: styled ?? terminal, clock: clock, input: LineInput(), width: Self.terminalWidth,
            echoes: terminal && isatty(STDIN_FILENO) == 1, output: { FileHandle.standardOutput.write(Data($0.utf8)) })
    }

    /// A presenter reading `input` and writing to `output`, wrapping to `width()` columns
    /// (`nil`: not at all); `echoes` says whether a typed line shows on the output, ending the
    /// prompt's line (the terminal echoes it).
    init(
        strings: UIStrings, styled: Bool, clock: @escaping @Sendable () -> Date, input: LineInput,
        width: @escaping @Sendable () -> Int?, echoes: Bool, output: @escaping @Sendable (String) -> Void
    ) {
        self.styled = styled
        self.renderer = TerminalRenderer(styled: styled, strings: strings)
        self.input = input
        self.clock = clock
        self.width = width
        self.echoes = echoes
        self.output = output
    }

    /// Draws `screen` and waits for a line: the number of a choice, or (on a screen with an
    /// input) the text typed. End of input means ``UserAction/close``. Without styles (output
    /// not a terminal: a script typing ahead), progress screens read nothing, so no line meant
    /// for the next screen cancels the work; Ctrl-C still does.
    public func present(_ screen: Screen) async -> UserAction {
        let (text, countdownLinesUp) = renderer.render(screen, at: clock(), width: width())
        write(text)
        if screen.inProgress && !styled {
            await Self.untilCancelled()
            return .close
        }
        let ticker: Task<Void, Never>? = if let countdownLinesUp, let code = screen.code {
            tick(code, linesUp: countdownLinesUp)
        } else {
            nil
        }
        defer { ticker?.cancel() }
        while let line = await input.next() {
            if echoes { afterPrompt.withLock { $0 = false } }
            let typed = line.trimmingCharacters(in: .whitespaces)
            if let number = Int(typed), screen.actions.indices.contains(number - 1) {
                return screen.actions[number - 1].action
            }
            if screen.input != nil, !typed.isEmpty { return .submit(typed) }
            write(screen.actions.isEmpty ? "" : "Choose 1-\(screen.actions.count): ")
        }
        return .close
    }

    /// Prints the support link for the user to open.
    public func open(_ url: URL) async {
        write("\nSupport: \(url.absoluteString)\n")
    }

    /// Leaves the cursor at the start of a clean line: a prompt still shown is erased (styled)
    /// or ended (plain).
    public func dismiss() async {
        let shown = afterPrompt.withLock { shown in
            defer { shown = false }
            return shown
        }
        guard shown else { return }
        output(styled ? "\r\u{1B}[2K" : "\n")
    }

    /// Rewrites the countdown line, `linesUp` above the prompt, every second (styled output only).
    private func tick(_ code: ShownCode, linesUp: Int) -> Task<Void, Never>? {
        guard styled else { return nil }
        let (renderer, clock, output) = (renderer, clock, output)
        return Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                guard !Task.isCancelled, let seconds = code.secondsLeft(at: clock()) else { return }
                // Saves and restores the cursor: the prompt's line stays as it was.
                output("\u{1B}7\u{1B}[\(linesUp)A\r\u{1B}[2K" + renderer.countdown(seconds) + "\u{1B}8")
            }
        }
    }

    /// Writes `text`, remembering whether it leaves the cursor after a prompt.
    private func write(_ text: String) {
        guard !text.isEmpty else { return }
        afterPrompt.withLock { $0 = !text.hasSuffix("\n") }
        output(text)
    }

    /// Returns when the calling task is cancelled (the flow replaced the screen).
    private static func untilCancelled() async {
        let (wait, keepOpen) = AsyncStream.makeStream(of: Never.self)
        for await _ in wait {}
        keepOpen.finish()
    }

    /// The width of the terminal standard output shows, in columns (`COLUMNS`, or 80, when
    /// the terminal does not say); `nil` when standard output is not a terminal.
    private static func terminalWidth() -> Int? {
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        var size = winsize()
        if withUnsafeMutablePointer(to: &size, { ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), $0) }) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        return ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? 80
    }
}
#endif
