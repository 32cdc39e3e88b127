import ArgumentParser

/// `--show-tokens`: what a sign-in prints leaves the tokens out unless asked, since a
/// terminal's scrollback, a screen share or a pasted log would carry them on.
struct TokenOptions: ParsableArguments {
    @Flag(help: "Print the access, ID and refresh tokens too (--json always has them).")
    var showTokens = false
}
