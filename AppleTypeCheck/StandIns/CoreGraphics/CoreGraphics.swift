// Stand-in for Core Graphics: the declarations the SDK's Apple-only files use, with Apple's
// documented signatures (CGFloat, CGRect and friends come from Foundation here, as there).
@_exported import Foundation

/// https://developer.apple.com/documentation/coregraphics/cgaffinetransform — `struct CGAffineTransform`
public struct CGAffineTransform: Sendable {
    /// `init(scaleX sx: CGFloat, y sy: CGFloat)`
    public init(scaleX sx: CGFloat, y sy: CGFloat) {}
}

/// https://developer.apple.com/documentation/coregraphics/cgimage — `class CGImage`
public final class CGImage: @unchecked Sendable {}
