/// Why a text could not be encoded.
public enum QRCodeError: Error, Sendable, Equatable {
    /// The text does not fit in a version 10 symbol at the chosen error-correction level.
    case tooLong
}
