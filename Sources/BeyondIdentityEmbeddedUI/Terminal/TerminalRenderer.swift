#if !canImport(UIKit)
import BeyondIdentityEmbedded
import Foundation
import QRCodeEncoder

/// Draws a ``Screen`` as terminal text: with ANSI styles (clearing the screen first) on a
/// terminal, plain lines otherwise. Choices are numbered from 1, in the screen's order.
struct TerminalRenderer: Sendable {
    /// Whether to use ANSI escape sequences.
    let styled: Bool
    let strings: UIStrings

    /// The lines of `screen` at `now`, ending with the prompt (which has no newline). With a
    /// `width`, texts are wrapped at spaces to fit it (see ``TextWrap``), continuation lines
    /// indented like the first; the QR code, the code and the prompt are never wrapped.
    func render(_ screen: Screen, at now: Date, width: Int? = nil) -> (text: String, countdownLinesUp: Int?) {
        var lines: [String] = []
        /// Appends `text` wrapped to the width left after `lead`, each piece in `style`.
        func add(_ text: String, lead: String = "", style: (String) -> String = { $0 }) {
            let indent = String(repeating: " ", count: lead.count)
            let pieces = TextWrap.lines(text, width: width.map { $0 - lead.count })
            lines += pieces.enumerated().map { ($0.offset == 0 ? lead : indent) + style($0.element) }
        }
        if styled { add(screen.title, style: emphasized) } else { add("== \(screen.title) ==") }
        if screen.inProgress && !styled {  // nothing to choose: see TerminalPresenter
            return ("\n" + lines.joined(separator: "\n") + "\n", nil)
        }
        if screen.inProgress { lines.append("…") }
        if !screen.message.isEmpty {
            lines.append("")
            add(screen.message)
        }
        if !screen.details.isEmpty {
            let labelWidth = screen.details.map(\.label.count).max() ?? 0
            lines.append("")
            for detail in screen.details {
                add(detail.value, lead: "  " + detail.label.padding(toLength: labelWidth, withPad: " ", startingAt: 0) + "  ")
            }
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
            if let problem = input.problem {
                if styled { add(problem) { "\u{1B}[31m\($0)\u{1B}[0m" } } else { add(problem, lead: "! ") }
            }
        }
        lines.append("")
        for (index, choice) in screen.actions.enumerated() {
            add(choice.label, lead: "  \(index + 1)) ") { styledLabel($0, choice.role) }
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

    private func styledLabel(_ label: String, _ role: ScreenAction.Role) -> String {
        guard styled else { return label }
        switch role {
        case .primary: return "\u{1B}[1m\(label)\u{1B}[0m"
        case .destructive: return "\u{1B}[31m\(label)\u{1B}[0m"
        case .dismiss: return "\u{1B}[2m\(label)\u{1B}[0m"
        case .normal: return label
        }
    }
}
#endif
