#if !canImport(UIKit)
import BeyondIdentityEmbedded
import Foundation

/// Draws a ``Screen`` as terminal text: with ANSI styles (clearing the screen first) on a
/// terminal, plain lines otherwise. Choices are numbered from 1, in the screen's order.
struct TerminalRenderer: Sendable {
    /// Whether to use ANSI escape sequences.
    let styled: Bool
    let strings: UIStrings

    /// The lines of `screen` at `now`, ending with the prompt (which has no newline).
    func render(_ screen: Screen, at now: Date) -> (text: String, countdownLinesUp: Int?) {
        var lines: [String] = []
        lines.append(styled ? "\u{1B}[1m\(screen.title)\u{1B}[0m" : "== \(screen.title) ==")
        if screen.inProgress && !styled { return ("\n" + lines[0] + "\n", nil) }  // nothing to choose: see TerminalPresenter
        if screen.inProgress { lines.append("…") }
        if !screen.message.isEmpty { lines += ["", screen.message] }
        if !screen.details.isEmpty {
            let width = screen.details.map(\.label.count).max() ?? 0
            lines.append("")
            lines += screen.details.map { "  " + $0.label.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.value }
        }
        var countdownLine: Int?
        if let code = screen.code {
            if let qrCode = code.qrCode { lines += ["", qrCode.terminalText()] }
            lines += ["", "  " + emphasized(code.token.formatted)]
            if let seconds = code.secondsLeft(at: now) {
                countdownLine = lines.count
                lines.append(countdown(seconds))
            }
        }
        if let input = screen.input {
            lines.append("")
            if let problem = input.problem { lines.append(styled ? "\u{1B}[31m\(problem)\u{1B}[0m" : "! \(problem)") }
        }
        lines.append("")
        for (index, choice) in screen.actions.enumerated() {
            lines.append("  \(index + 1)) " + styledLabel(choice))
        }
        let prompt = screen.input.map { "\($0.prompt) (\($0.placeholder)), or a choice: " }
            ?? (screen.actions.isEmpty ? "" : "Choose 1-\(screen.actions.count): ")
        let text = (styled ? "\u{1B}[H\u{1B}[2J" : "\n") + lines.joined(separator: "\n") + "\n" + prompt
        return (text, countdownLine.map { lines.count - $0 })
    }

    /// The countdown line.
    func countdown(_ seconds: Int) -> String {
        "  " + strings[.countdown, "\(seconds)"]
    }

    private func emphasized(_ text: String) -> String {
        styled ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }

    private func styledLabel(_ choice: ScreenAction) -> String {
        guard styled else { return choice.label }
        switch choice.role {
        case .primary: return "\u{1B}[1m\(choice.label)\u{1B}[0m"
        case .destructive: return "\u{1B}[31m\(choice.label)\u{1B}[0m"
        case .dismiss: return "\u{1B}[2m\(choice.label)\u{1B}[0m"
        case .normal: return choice.label
        }
    }
}
#endif
