@testable import BeyondIdentityEmbedded
@testable import BeyondIdentityEmbeddedUI
import Foundation
import QRCodeEncoder
import Testing
import UITestSupport

/// The terminal presenter's parts: how a screen is drawn (plain and styled, numbered choices,
/// the code with its countdown, an input's problem) and how typed lines are read.
@Suite struct TerminalRendererTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let plain = TerminalRenderer(styled: false, strings: .english)
    let styled = TerminalRenderer(styled: true, strings: .english)

    /// The code screen of the extension, with a code valid 42 s after ``now``.
    func codeScreen(qrCode: QRCode? = nil) -> Screen {
        Screen(
            kind: .showCode, title: "Add to another device", message: "Enter this code.",
            code: ShownCode(token: Fixtures.shownToken("123456789", validUntil: now + 42), qrCode: qrCode),
            actions: [ScreenAction(.cancel, "Cancel", role: .dismiss)])
    }

    // MARK: Rendering

    @Test func plainRenderingNumbersTheChoicesFromOne() {
        let screen = Screen(
            kind: .notice, title: "Device added", message: "The other device can now sign in as Ada.",
            details: [Detail("Name", "Ada"), Detail("Username", "ada")],
            actions: [ScreenAction(.back, "OK", role: .primary), ScreenAction(.close, "Close", role: .dismiss)])
        let (text, countdownLinesUp) = plain.render(screen, at: now)
        #expect(text == """

            == Device added ==

            The other device can now sign in as Ada.

              Name      Ada
              Username  ada

              1) OK
              2) Close
            """ + "\nChoose 1-2: ")
        #expect(countdownLinesUp == nil)
    }

    @Test func plainRenderingShowsTheFormattedCodeAndItsCountdown() {
        let (text, countdownLinesUp) = plain.render(codeScreen(), at: now)
        #expect(text == """

            == Add to another device ==

            Enter this code.

              123 456 789
              New code in 42 s

              1) Cancel
            """ + "\nChoose 1-1: ")
        // From the prompt's line, the countdown is 3 lines up (the choice, the blank line, itself).
        #expect(countdownLinesUp == 3)
        #expect(plain.render(codeScreen(), at: now + 30).text.contains("  New code in 12 s\n"))
        #expect(plain.render(codeScreen(), at: now + 60).text.contains("  New code in 0 s\n"))
    }

    @Test func theQRCodeIsDrawnAboveTheCode() throws {
        let qrCode = try #require(QRCode.make(for: "123456789"))
        let (text, countdownLinesUp) = plain.render(codeScreen(qrCode: qrCode), at: now)
        #expect(text.contains("Enter this code.\n\n" + qrCode.terminalText() + "\n\n  123 456 789\n  New code in 42 s\n"))
        #expect(countdownLinesUp == 3)
    }

    @Test func plainProgressShowsOnlyItsTitle() {
        let screen = Screen(
            kind: .progress, title: "Signing you in…", inProgress: true, actions: [ScreenAction(.cancel, "Cancel", role: .dismiss)])
        let (text, countdownLinesUp) = plain.render(screen, at: now)
        #expect(text == "\n== Signing you in… ==\n")
        #expect(countdownLinesUp == nil)
    }

    @Test func plainInputShowsItsProblemAndPrompt() {
        let screen = Screen(
            kind: .enterCode, title: "Add this device from another device",
            input: InputField(prompt: "Code", placeholder: "123 456 789", allowsScanning: true, problem: "Enter the 9 digits of the code."),
            actions: [ScreenAction(.support, "Contact support"), ScreenAction(.back, "Back", role: .dismiss)])
        let (text, _) = plain.render(screen, at: now)
        #expect(text == """

            == Add this device from another device ==

            ! Enter the 9 digits of the code.

              1) Contact support
              2) Back
            """ + "\nCode (123 456 789), or a choice: ")
    }

    @Test func styledRenderingClearsTheScreenFirstAndStylesByRole() {
        let screen = Screen(
            kind: .credentialExists, title: "Welcome back",
            actions: [
                ScreenAction(.signIn(Credential.Handle("cred-Ada")), "Continue as Ada", role: .primary),
                ScreenAction(.replace, "Not Ada?", role: .destructive), ScreenAction(.explain, "What is a credential?"),
                ScreenAction(.close, "Close", role: .dismiss),
            ])
        let (text, countdownLinesUp) = styled.render(screen, at: now)
        #expect(text.hasPrefix("\u{1B}[H\u{1B}[2J\u{1B}[1mWelcome back\u{1B}[0m\n"))
        #expect(text.contains("  1) \u{1B}[1mContinue as Ada\u{1B}[0m\n"))
        #expect(text.contains("  2) \u{1B}[31mNot Ada?\u{1B}[0m\n"))
        #expect(text.contains("  3) What is a credential?\n"))
        #expect(text.contains("  4) \u{1B}[2mClose\u{1B}[0m\n"))
        #expect(text.hasSuffix("Choose 1-4: "))
        #expect(countdownLinesUp == nil)
    }

    @Test func styledCodeIsBoldWithTheSameCountdownLine() {
        let (text, countdownLinesUp) = styled.render(codeScreen(), at: now)
        #expect(text.hasPrefix("\u{1B}[H\u{1B}[2J"))
        #expect(text.contains("  \u{1B}[1m123 456 789\u{1B}[0m\n  New code in 42 s\n"))
        #expect(countdownLinesUp == 3)
        #expect(styled.countdown(41) == "  New code in 41 s")
    }

    @Test func countdownUsesTheTranslatedText() {
        let german = TerminalRenderer(styled: false, strings: UIStrings([.countdown: "Neuer Code in {0} s"]))
        #expect(german.countdown(42) == "  Neuer Code in 42 s")
    }

    // MARK: Wrapping

    @Test func wrappingBreaksAtSpacesAndNeverInsideAWord() {
        let text = "On a device that already signs you in, open settings. Enter the 9-digit code it shows, or scan its QR code."
        for width in 12...40 {
            let lines = TextWrap.lines(text, width: width)
            #expect(lines.allSatisfy { $0.count <= width && !$0.hasPrefix(" ") && !$0.hasSuffix(" ") }, "width \(width): \(lines)")
            #expect(lines.joined(separator: " ") == text, "width \(width): \(lines)")
            #expect(lines.contains { $0.contains("9-digit") }, "width \(width): \(lines)")
        }
        #expect(TextWrap.lines(text, width: 24) == [
            "On a device that already", "signs you in, open", "settings. Enter the", "9-digit code it shows,", "or scan its QR code.",
        ])
    }

    @Test func aWordLongerThanTheWidthIsCutAndLineBreaksAreKept() {
        #expect(TextWrap.lines("a abcdefghij b", width: 4) == ["a", "abcd", "efgh", "ij b"])
        #expect(TextWrap.lines("first line\n\nthird", width: 40) == ["first line", "", "third"])
        #expect(TextWrap.lines("one  two", width: 3) == ["one", "two"])
        #expect(TextWrap.lines("no width, no wrapping at all", width: nil) == ["no width, no wrapping at all"])
    }

    @Test func aScreenIsWrappedToTheWidthWithContinuationLinesIndented() {
        let screen = Screen(
            kind: .notice, title: "Device added", message: "The other device can now sign in as Ada Lovelace.",
            details: [Detail("Name", "Ada Lovelace of the Analytical Engine")],
            actions: [ScreenAction(.back, "Add this device from another device", role: .primary)])
        let (text, _) = plain.render(screen, at: now, width: 24)
        #expect(text == """

            == Device added ==

            The other device can now
            sign in as Ada Lovelace.

              Name  Ada Lovelace of
                    the Analytical
                    Engine

              1) Add this device
                 from another device
            """ + "\nChoose 1-1: ")
        let styledText = styled.render(screen, at: now, width: 24).text
        #expect(styledText.contains("  1) \u{1B}[1mAdd this device\u{1B}[0m\n     \u{1B}[1mfrom another device\u{1B}[0m\n"))
    }

    @Test func theCountdownIsFoundAboveWrappedChoices() {
        var screen = codeScreen()
        screen.actions = [ScreenAction(.cancel, "Cancel adding this device", role: .dismiss)]
        let (text, countdownLinesUp) = styled.render(screen, at: now, width: 20)
        // The choice takes two lines now: the countdown is 4 up from the prompt's line.
        #expect(countdownLinesUp == 4)
        let lines = text.components(separatedBy: "\n")
        #expect(lines[lines.count - 1 - 4] == "  New code in 42 s")
    }

    // MARK: Reading lines

    @Test func linesArriveInOrder() async {
        let typed = TypedLines()
        let input = LineInput(read: typed.read)
        typed.type("1")
        #expect(await input.next() == "1")
        let waiting = Task { await input.next() }
        typed.type("123 456 789")
        #expect(await waiting.value == "123 456 789")
        typed.type("2")
        typed.type("3")
        typed.type(nil)
        #expect(await input.next() == "2")
        #expect(await input.next() == "3")
        #expect(await input.next() == nil)
        #expect(await input.next() == nil)
    }

    @Test func aCancelledWaitReturnsNilAndTheLineTypedLaterIsKept() async {
        let typed = TypedLines()
        let input = LineInput(read: typed.read)
        let waiting = Task { await input.next() }
        waiting.cancel()
        #expect(await waiting.value == nil)
        typed.type("late")
        #expect(await input.next() == "late")
        typed.type(nil)
        #expect(await input.next() == nil)
    }
}
