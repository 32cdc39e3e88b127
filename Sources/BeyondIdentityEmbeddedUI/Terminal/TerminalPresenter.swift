#if !canImport(UIKit)
public import Foundation

/// A ``FlowPresenter`` for a terminal: draws each screen (ANSI styles when the output is a
/// terminal, plain numbered lines otherwise), ticks the countdown of a shown code every
/// second, and reads the user's choice (a number) or input (a code) a line at a time.
public final class TerminalPresenter: FlowPresenter {
    private let styled: Bool
    private let renderer: TerminalRenderer
    private let input: LineInput
    private let clock: @Sendable () -> Date

    /// A presenter on standard input and output; `styled` defaults to whether standard output is a terminal.
    public init(strings: UIStrings = .english, styled: Bool? = nil, clock: @escaping @Sendable () -> Date = Date.init) {
        let styled = styled ?? (isatty(STDOUT_FILENO) == 1)
        self.styled = styled
        self.renderer = TerminalRenderer(styled: styled, strings: strings)
        self.input = LineInput()
        self.clock = clock
    }

    /// Draws `screen` and waits for a line: the number of a choice, or (on a screen with an
    /// input) the text typed. End of input means ``UserAction/close``. Without styles (output
    /// not a terminal: a script typing ahead), progress screens read nothing, so no line meant
    /// for the next screen cancels the work; Ctrl-C still does.
    public func present(_ screen: Screen) async -> UserAction {
        let (text, countdownLinesUp) = renderer.render(screen, at: clock())
        Self.write(text)
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
            let typed = line.trimmingCharacters(in: .whitespaces)
            if let number = Int(typed), screen.actions.indices.contains(number - 1) {
                return screen.actions[number - 1].action
            }
            if screen.input != nil, !typed.isEmpty { return .submit(typed) }
            Self.write(screen.actions.isEmpty ? "" : "Choose 1-\(screen.actions.count): ")
        }
        return .close
    }

    /// Prints the support link for the user to open.
    public func open(_ url: URL) async {
        Self.write("\nSupport: \(url.absoluteString)\n")
    }

    /// Leaves the terminal on a fresh line.
    public func dismiss() async {
        Self.write("\n")
    }

    /// Rewrites the countdown line, `linesUp` above the prompt, every second (styled output only).
    private func tick(_ code: ShownCode, linesUp: Int) -> Task<Void, Never>? {
        guard styled else { return nil }
        let (renderer, clock) = (renderer, clock)
        return Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                guard !Task.isCancelled, let seconds = code.secondsLeft(at: clock()) else { return }
                Self.write("\u{1B}7\u{1B}[\(linesUp)A\r\u{1B}[2K" + renderer.countdown(seconds) + "\u{1B}8")
            }
        }
    }

    /// Returns when the calling task is cancelled (the flow replaced the screen).
    private static func untilCancelled() async {
        let (wait, keepOpen) = AsyncStream.makeStream(of: Never.self)
        for await _ in wait {}
        keepOpen.finish()
    }

    private static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
#endif
