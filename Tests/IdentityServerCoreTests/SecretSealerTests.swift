import Crypto
import Foundation
import Testing

import IdentityServerCore

@Suite struct SecretSealerTests {
    let sealer = SecretSealer(masterKey: SymmetricKey(size: .bits256))

    @Test func opensWhatItSealedForTheSamePurpose() throws {
        let sealed = try sealer.seal(Data("secret".utf8), purpose: "realm-ca:r1")
        #expect(try sealer.open(sealed, purpose: "realm-ca:r1") == Data("secret".utf8))
        #expect(!sealed.contains(Data("secret".utf8)))
    }

    @Test func refusesAnotherPurposeOrAnotherKey() throws {
        let sealed = try sealer.seal(Data("secret".utf8), purpose: "realm-ca:r1")
        #expect(throws: SecretSealer.SealError.unopenable) { try sealer.open(sealed, purpose: "signing-key:r1") }
        let other = SecretSealer(masterKey: SymmetricKey(size: .bits256))
        #expect(throws: SecretSealer.SealError.unopenable) { try other.open(sealed, purpose: "realm-ca:r1") }
        var flipped = sealed
        flipped[flipped.count / 2] ^= 0x01
        #expect(throws: SecretSealer.SealError.unopenable) { try sealer.open(flipped, purpose: "realm-ca:r1") }
        #expect(try sealer.open(sealed, purpose: "realm-ca:r1") == Data("secret".utf8))
    }

    @Test func masterKeyFileIsCreatedOnceWithMode0600() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("master.key")
        let first = try MasterKeyFile.loadOrCreate(at: url)
        let second = try MasterKeyFile.loadOrCreate(at: url)
        #expect(first == second)
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func parsesHexAndBase64MasterKeysOnly() throws {
        let hex = String(repeating: "ab", count: 32)
        #expect(try MasterKeyFile.parse(hex) == SymmetricKey(data: Data(repeating: 0xAB, count: 32)))
        let base64 = Data(repeating: 7, count: 32).base64EncodedString()
        #expect(try MasterKeyFile.parse(base64) == SymmetricKey(data: Data(repeating: 7, count: 32)))
        for refused in ["too short", String(repeating: "g", count: 64), Data(repeating: 7, count: 31).base64EncodedString()] {
            let error = #expect(throws: ServerSetupError.self, "\(refused)") { try MasterKeyFile.parse(refused) }
            #expect(error?.description == "the master key must be 32 bytes as 64 hex digits or base64")
        }
    }
}
