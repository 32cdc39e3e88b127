import Foundation
import Logging
import Synchronization
import Testing
import IdentityServerCore

/// `--log-format json`: one object per line, stable keys, anything a client sent escaped.
@Suite struct JSONLogHandlerTests {
    @Test func eachRecordIsOneJSONObjectWithStableKeys() throws {
        let lines = Mutex<[String]>([])
        var logger = Logger(label: "bi-server") { label in
            JSONLogHandler(label: label) { line in lines.withLock { $0.append(line) } }
        }
        logger[metadataKey: "request_id"] = "r-1"
        logger.info("request", metadata: [
            "path": "/a\"b\\c\n\u{1}", "message": "shadowed", "list": ["x", "y"], "nested": ["k": "v"], "count": "\(3)",
        ])
        let written = try #require(lines.withLock { $0 }.first)
        #expect(written.hasSuffix("}\n") && written.filter { $0 == "\n" }.count == 1)
        #expect(written.hasPrefix(#"{"time":""#))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String: Any])
        #expect(object["level"] as? String == "info")
        #expect(object["logger"] as? String == "bi-server")
        #expect(object["message"] as? String == "request")
        #expect(object["metadata.message"] as? String == "shadowed")
        #expect(object["request_id"] as? String == "r-1")
        #expect(object["path"] as? String == "/a\"b\\c\n\u{1}")
        #expect(object["list"] as? [String] == ["x", "y"])
        #expect((object["nested"] as? [String: String]) == ["k": "v"])
        #expect((object["time"] as? String)?.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$"#, options: .regularExpression) != nil)
        // The four first, then the metadata by key.
        let keys = ["time", "level", "logger", "message", "count", "list", "metadata.message", "nested", "path", "request_id"]
        let positions = keys.map { written.range(of: "\"\($0)\":")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
    }

    @Test func theRequestIDComesFromTheTaskAndReplacesHummingbirds() throws {
        struct Refusal: Error {}
        let lines = Mutex<[String]>([])
        var logger = Logger(label: "bi-server") { label in
            JSONLogHandler(label: label, metadataProvider: RequestIDMetadata.provider) { line in lines.withLock { $0.append(line) } }
        }
        logger[metadataKey: "hb.request.id"] = "hummingbird's"
        RequestIDMetadata.$current.withValue("r-2") { logger.warning("inside", error: Refusal()) }
        logger.info("outside")
        let objects = try lines.withLock { $0 }.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects.map { $0["request_id"] as? String } == ["r-2", nil])
        #expect(objects.map { $0["hb.request.id"] as? String } == [nil, "hummingbird's"], "Hummingbird's only where ours is missing")
        #expect(objects[0]["error.type"] as? String == "IdentityServerCoreTests.JSONLogHandlerTests.Refusal" || (objects[0]["error.type"] as? String)?.hasSuffix(".Refusal") == true)
    }

    @Test func levelsBelowTheHandlersAreNotWritten() {
        let lines = Mutex<[String]>([])
        var logger = Logger(label: "x") { label in JSONLogHandler(label: label) { line in lines.withLock { $0.append(line) } } }
        logger.logLevel = .warning
        logger.info("quiet")
        logger.error("loud")
        #expect(lines.withLock { $0.count } == 1)
    }
}
