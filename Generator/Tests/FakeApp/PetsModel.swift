// A screen's view model as an app target writes it (Generator/test.sh copies this file into the
// FakePets target, built with Xcode 26's app settings): its tests drive it with PetShopFake.
import Bricks
import Foundation

/// The pets screen: the list, the message shown when a call fails, and adding a pet.
public final class PetsModel {
    /// The pets shown.
    public private(set) var pets: [Pet] = []
    /// What went wrong, for the screen to show; `nil` when the last call succeeded.
    public private(set) var message: String?
    private let session: Session

    /// A model that talks to the API through `session` (the real one, or one on `PetShopFake`).
    public init(session: Session) {
        self.session = session
    }

    /// Loads the pets.
    public func load() async {
        do {
            pets = try await session.send(ListPets())
            message = nil
        } catch let error as TypedAPIError<Problem> {
            message = error.value.message
        } catch {
            message = "\(error)"
        }
    }

    /// Adds a pet, then loads the list again.
    public func add(name: String, kind: Kind) async {
        do {
            _ = try await session.send(CreatePet(body: NewPet(name: name, kind: kind)))
            await load()
        } catch let error as TypedAPIError<Problem> {
            message = error.value.message
        } catch {
            message = "\(error)"
        }
    }
}
