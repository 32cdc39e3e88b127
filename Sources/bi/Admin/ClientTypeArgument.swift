public import ArgumentParser
import IdentityProtocol

/// `--type`: the wire's ``ClientType``, checked by the parser, so a wrong value names the flag
/// and the choices.
extension ClientType: ExpressibleByArgument {}
