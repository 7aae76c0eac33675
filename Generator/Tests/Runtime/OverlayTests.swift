// The code generated from Tests/BricksOpenAPIGeneratorTests/Specs/avatars.yaml with
// avatars.overlay.yaml (`bricks-openapi generate … --overlay`, issue 55): Label Studio's `avatar`,
// a required string in its document and null on the wire, decodes once the overlay made it nullable.
import Avatars
import Foundation
import Testing

@Suite struct GeneratedOverlayTests {
    @Test func aMemberTheOverlayMadeNullableDecodesNull() throws {
        let user = try AvatarsCoding.decoder.decode(UserSimple.self, from: Data(#"{"id": 1, "username": "admin", "avatar": null}"#.utf8))
        #expect(user.avatar == nil)
        #expect(user.username == "admin")
        let uploaded = try AvatarsCoding.decoder.decode(
            UserSimple.self, from: Data(#"{"id": 2, "username": "b", "avatar": "https://avatars.example/b.png"}"#.utf8))
        #expect(uploaded.avatar == "https://avatars.example/b.png")
    }
}
