#if canImport(SwiftUI)
public import SwiftUI

/// Draws the screens of a flow from a ``ScreenModel``: layout and bindings only.
public struct FlowView: View {
    @ObservedObject private var model: ScreenModel
    @State private var text = ""
    @Environment(\.openURL) private var openURL

    /// A view of `model`'s screens.
    public init(model: ScreenModel) {
        self.model = model
    }

    public var body: some View {
        if let screen = model.screen {
            ScrollView {
                VStack(alignment: .leading, spacing: 16) {
                    Text(screen.title).font(.title2).bold()
                    if screen.inProgress { ProgressView() }
                    if !screen.message.isEmpty { Text(screen.message) }
                    ForEach(screen.details, id: \.self) { detail in
                        LabeledContent(detail.label, value: detail.value).textSelection(.enabled)
                    }
                    if let code = screen.code { CodeView(code: code) }
                    if let input = screen.input {
                        TextField(input.placeholder, text: $text).textContentType(.oneTimeCode).font(.title3.monospacedDigit())
                        if let problem = input.problem { Text(problem).foregroundStyle(.red) }
                        Button(input.prompt) { model.choose(.submit(text)) }.buttonStyle(.borderedProminent)
                    }
                    ForEach(screen.actions, id: \.self) { choice in
                        Button(choice.label, role: choice.role == .destructive ? .destructive : nil) { model.choose(choice.action) }
                            .buttonStyle(.bordered)
                    }
                }
                .padding()
            }
            .onAppear { model.openLink = { openURL($0) } }
        }
    }
}

/// The code, its QR code and the countdown to the next one.
private struct CodeView: View {
    let code: ShownCode

    var body: some View {
        VStack(spacing: 12) {
            #if canImport(UIKit)
            if let image = code.qrCode { Image(uiImage: image).interpolation(.none).resizable().scaledToFit().frame(maxWidth: 240) }
            #endif
            Text(code.token.formatted).font(.largeTitle.monospacedDigit()).textSelection(.enabled)
            TimelineView(.periodic(from: .now, by: 1)) { context in
                if let seconds = code.secondsLeft(at: context.date) { Text("\(seconds) s").foregroundStyle(.secondary) }
            }
        }
        .frame(maxWidth: .infinity)
    }
}
#endif
