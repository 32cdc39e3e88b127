// Stand-in for Core Image: the declarations the SDK's Apple-only files use, with Apple's
// documented signatures. Nothing here runs.
@_exported import CoreGraphics

/// https://developer.apple.com/documentation/coreimage/ciimage — `class CIImage : NSObject`
open class CIImage: NSObject, @unchecked Sendable {
    /// `var extent: CGRect { get }`
    open var extent: CGRect { .zero }
    /// `func transformed(by matrix: CGAffineTransform) -> CIImage`
    open func transformed(by matrix: CGAffineTransform) -> CIImage { self }
}

/// https://developer.apple.com/documentation/coreimage/cifilter — `class CIFilter : NSObject`
open class CIFilter: NSObject {
    /// `init?(name: String)`
    public init?(name: String) {}
    /// `var outputImage: CIImage? { get }`
    open var outputImage: CIImage? { nil }
    /// NSObject's key-value coding, as filters take their inputs:
    /// https://developer.apple.com/documentation/objectivec/nsobject/1415969-setvalue — `func setValue(_ value: Any?, forKey key: String)`
    open func setValue(_ value: Any?, forKey key: String) {}
}

/// https://developer.apple.com/documentation/coreimage/cicontext — `class CIContext : NSObject`
open class CIContext: NSObject {
    /// `convenience init()`
    public override init() {}
    /// `func createCGImage(_ image: CIImage, from fromRect: CGRect) -> CGImage?`
    open func createCGImage(_ image: CIImage, from fromRect: CGRect) -> CGImage? { nil }
}
