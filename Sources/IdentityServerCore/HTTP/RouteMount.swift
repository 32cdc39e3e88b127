package import Hummingbird

/// A feature's routes: the composition builds each feature from the parts it needs and
/// mounts it on the server's router (at the root, or under the public base URL's path).
package protocol RouteMount {
    /// Adds the feature's routes (and any middleware of their own) to `router`.
    func register(on router: some RouterMethods<ServerRequestContext>)
}
