/// The version of this project's programs and libraries, as `--version` prints it.
public enum ProductVersion {
    /// Semantic version of the release.
    public static let current = "0.16.0"
}
