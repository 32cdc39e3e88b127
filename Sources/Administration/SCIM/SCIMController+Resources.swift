import Foundation
import HTTPTypes
package import Hummingbird
import IdentityStorage
package import IdentityServerCore
import NIOFoundationEssentialsCompat

/// `/{Resources}` and `/{Resources}/{id}` (RFC 7644 §3.3–§3.6) of each resource type: create,
/// read, list (filtered, paged), replace, PATCH, delete; each answer with the resource's `ETag`,
/// each change honouring `If-Match`.
extension SCIMController {
    /// Serves a resource type through the service `make` gives for a request's provisioning token.
    package func registerResource<Service: SCIMResourceService>(
        _: Service.Type, on scim: RouterGroup<ServerRequestContext>,
        make: @escaping @Sendable (SCIMRequestContext) -> Service
    ) {
        let path = RouterPath(stringLiteral: String(Service.type.endpoint.dropFirst()))
        let item = RouterPath(stringLiteral: "\(Service.type.endpoint.dropFirst())/:id")
        let service = { @Sendable (request: Request, context: ServerRequestContext) async throws -> Service in
            make(try await requestContext(request, context))
        }
        scim.post(path) { request, context in
            let service = try await service(request, context)
            let record = try await service.create(try await Self.body(request, context))
            var headers: HTTPFields = [.eTag: SCIMMeta.etag(record.version)]
            headers[.location] = "\(service.base)\(Service.type.endpoint)/\(record.id)"
            return SCIMResponse.make(service.resource(record), status: .created, headers: headers)
        }
        scim.get(path) { request, context in
            let service = try await service(request, context)
            let query = try request.queryParameters()
            return SCIMResponse.make(json: try await service.list(filter: try query.single("filter"), try SCIMListing(query: query)))
        }
        scim.get(item) { request, context in
            let service = try await service(request, context)
            let record = try await service.read(try context.id("id"))
            let listing = try SCIMListing(query: try request.queryParameters())
            return SCIMResponse.make(listing.project(service.resource(record)), headers: [.eTag: SCIMMeta.etag(record.version)])
        }
        scim.put(item) { request, context in
            let service = try await service(request, context)
            let record = try await service.replace(
                try context.id("id"), try await Self.body(request, context), ifMatch: request.headers[.ifMatch])
            return SCIMResponse.make(service.resource(record), headers: [.eTag: SCIMMeta.etag(record.version)])
        }
        scim.patch(item) { request, context in
            let service = try await service(request, context)
            let record = try await service.patch(
                try context.id("id"), try await Self.body(request, context), ifMatch: request.headers[.ifMatch])
            return SCIMResponse.make(service.resource(record), headers: [.eTag: SCIMMeta.etag(record.version)])
        }
        scim.delete(item) { request, context in
            let service = try await service(request, context)
            try await service.delete(try context.id("id"), ifMatch: request.headers[.ifMatch])
            return Response(status: .noContent)
        }
    }

    /// What the request acts with, as its provisioning token.
    private func requestContext(_ request: Request, _ context: ServerRequestContext) async throws -> SCIMRequestContext {
        let token = try await authentication.authenticate(request, context)
        return SCIMRequestContext(
            store: authentication.store, audit: authentication.audit, now: authentication.now, token: token, base: try base(context),
            invitations: invitations, enrollmentLifetime: enrollmentLifetime)
    }

    /// A JSON object body (`application/scim+json` or `application/json`); `invalidSyntax` otherwise.
    package static func body(_ request: Request, _ context: ServerRequestContext) async throws -> [String: Any] {
        guard let mediaType = request.mediaType,
              mediaType == "application/json" || mediaType == SCIMResponse.contentType
        else { throw SCIMError(.unsupportedMediaType, nil, "the body must be application/scim+json") }
        var request = request
        let body = try await request.collectBody(upTo: context.maxUploadSize)
        guard let object = try? JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any] else {
            throw SCIMError.invalidSyntax("the body must be a JSON object")
        }
        return object
    }
}
