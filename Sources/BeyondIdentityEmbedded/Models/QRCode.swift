#if canImport(UIKit) && canImport(CoreImage)
public import UIKit
import CoreImage

/// A credential token as a QR code: an image on Apple platforms (Core Image's generator).
public typealias QRCode = UIImage

extension UIImage {
    /// The QR code of `text`, 8 points per module; `nil` if Core Image cannot make one.
    static func make(for text: String) -> UIImage? {
        // By name rather than `CIFilter.qrCodeGenerator()`, whose `CoreImage.CIFilterBuiltins`
        // submodule the Linux type-check's stand-ins cannot declare (the inputs are documented
        // in the Core Image Filter Reference: inputMessage, inputCorrectionLevel).
        guard let filter = CIFilter(name: "CIQRCodeGenerator") else { return nil }
        filter.setValue(Data(text.utf8), forKey: "inputMessage")
        filter.setValue("M", forKey: "inputCorrectionLevel")
        guard let image = filter.outputImage?.transformed(by: CGAffineTransform(scaleX: 8, y: 8)),
              let cgImage = CIContext().createCGImage(image, from: image.extent)
        else { return nil }
        return UIImage(cgImage: cgImage)
    }
}
#else
public import QRCodeEncoder

/// A credential token as a QR code: a matrix of modules that renders to a terminal, SVG or
/// PNG (see the `QRCodeEncoder` module).
public typealias QRCode = QRCodeEncoder.QRCode

extension QRCodeEncoder.QRCode {
    /// The QR code of `text`; `nil` if it cannot be encoded.
    static func make(for text: String) -> QRCodeEncoder.QRCode? {
        try? QRCodeEncoder.QRCode(encoding: text)
    }
}
#endif
