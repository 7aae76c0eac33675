/// The middle layer: the Swift declarations to write, with no text in them yet but names and
/// types. The translator builds it from the document; the renderer writes it out.

/// A reference to a Swift type.
indirect enum TypeRef: Hashable, Sendable {
    /// A named type: `String`, `Int64`, `SimpleUser`, `Repository.Owner`.
    case named(String)
    /// `[Element]`.
    case array(TypeRef)
    /// `[String: Value]`.
    case dictionary(TypeRef)
    /// `Wrapped?`.
    case optional(TypeRef)
    /// `OrEmpty<Value>`: a value, or "" to clear it (Stripe's `anyOf: [value, enum: [""]]`).
    case orEmpty(TypeRef)
    /// `Value?` that is never merged with an optional around it: an optional nullable member of a
    /// type only sent, never read, is `Value??` (`nil` leaves it out, `.null`, Bricks' `.some(nil)`,
    /// sends `null`).
    case nullable(TypeRef)

    /// The Swift spelling.
    var swift: String {
        switch self {
        case .named(let name): return Self.libraryModules[name].map { $0 + "." + name } ?? name
        case .array(let element): return "[\(element.swift)]"
        case .dictionary(let value): return "[Swift.String: \(value.swift)]"
        case .optional(let wrapped):
            if case .optional = wrapped { return wrapped.swift }
            return "\(wrapped.swift)?"
        case .orEmpty(let value): return "OrEmpty<\(value.swift)>"
        case .nullable(let value): return "\(value.swift)?"
        }
    }

    /// The spelling without modules (`[String]`, `OrEmpty<Date>`): what a name made from a type
    /// (a union's case, `stringList`) is made of, so that writing types qualified renames nothing.
    var unqualified: String {
        switch self {
        case .named(let name): return name
        case .array(let element): return "[\(element.unqualified)]"
        case .dictionary(let value): return "[String: \(value.unqualified)]"
        case .optional(let wrapped):
            if case .optional = wrapped { return wrapped.unqualified }
            return "\(wrapped.unqualified)?"
        case .orEmpty(let value): return "OrEmpty<\(value.unqualified)>"
        case .nullable(let value): return "\(value.unqualified)?"
        }
    }

    /// The type without an outer `?`.
    var nonOptional: TypeRef {
        if case .optional(let wrapped) = self { return wrapped.nonOptional }
        return self
    }

    /// Whether the type is optional.
    var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The same type, optional.
    var optional: TypeRef { isOptional ? self : .optional(self) }

    /// The named type stored inline (not behind an array or dictionary), if any.
    var inlineName: String? {
        switch self {
        case .named(let name): return name
        case .optional(let wrapped), .nullable(let wrapped): return wrapped.inlineName
        // `OrEmpty` is generic, declared once for the API: not a model of the document.
        case .array, .dictionary, .orEmpty: return nil
        }
    }

    /// The module of each library type a `.named` reference can be, written qualified (`Swift.String`,
    /// `Foundation.Date`), as the renderer writes every name it takes from Swift, Foundation or Bricks:
    /// a type of the generated module (a schema named `Next`) or of the app it is generated into
    /// cannot shadow one.
    static let libraryModules: [String: String] = [
        "String": "Swift", "Int": "Swift", "Int32": "Swift", "Int64": "Swift", "Double": "Swift", "Float": "Swift",
        "Bool": "Swift", "Date": "Foundation", "Data": "Foundation", "MultipartFormPart": "Bricks", "ServerSentEvent": "Bricks",
    ]

    static let string = TypeRef.named("String")
    static let bool = TypeRef.named("Bool")
    static let int = TypeRef.named("Int")
    static let double = TypeRef.named("Double")
    static let date = TypeRef.named("Date")
    static let json = TypeRef.named("JSONValue")
}

/// One stored property of a model.
struct PropertyDecl: Hashable, Sendable {
    /// The Swift name (escaped when a keyword).
    var name: String
    /// The name in the JSON.
    var key: String
    /// The type, optional when the property is not required or is nullable.
    var type: TypeRef
    /// The doc comment.
    var doc: String?
    /// The value used when the JSON has none (a schema `default`).
    var defaultValue: LiteralValue?
    /// Whether the property is stored in an `Indirect` box (private storage behind a computed property) to break a cycle of value types.
    var indirect = false
    /// Whether the schema marks it deprecated.
    var deprecated = false
    /// Whether the document lets it be absent and `null` both (not required, nullable): in a type
    /// only sent, never read, it becomes `T??` (``RequestNulls``).
    var clearable = false
    /// Whether it is required and nullable: `nil` is sent as `null`, never left out.
    var sendsNull = false
}

/// A constant of a property's type (a schema's `default`): the renderer spells it in Swift.
enum LiteralValue: Hashable, Sendable {
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    /// A known value of a string enum: `Mode(rawValue: "fast")`.
    case enumValue(type: String, rawValue: String)
}

/// A declaration of a model type.
indirect enum TypeDecl: Hashable, Sendable {
    /// A struct of properties.
    case structure(StructDecl)
    /// An open set of string values: a `RawRepresentable` struct keeping unknown values.
    case stringEnum(StringEnumDecl)
    /// `oneOf` / `anyOf`: an enum with associated values.
    case oneOf(OneOfDecl)
    /// `typealias Name = Target`.
    case alias(AliasDecl)

    /// The type's (unqualified) name.
    var name: String {
        switch self {
        case .structure(let decl): return decl.name
        case .stringEnum(let decl): return decl.name
        case .oneOf(let decl): return decl.name
        case .alias(let decl): return decl.name
        }
    }

    /// The same declaration named `name`.
    func renamed(_ name: String) -> TypeDecl {
        switch self {
        case .structure(var decl):
            decl.name = name
            return .structure(decl)
        case .stringEnum(var decl):
            decl.name = name
            return .stringEnum(decl)
        case .oneOf(var decl):
            decl.name = name
            return .oneOf(decl)
        case .alias(var decl):
            decl.name = name
            return .alias(decl)
        }
    }

    /// The types declared inside this one.
    var nested: [TypeDecl] {
        switch self {
        case .structure(let decl): return decl.nested
        case .oneOf(let decl): return decl.nested
        case .stringEnum, .alias: return []
        }
    }

    /// The same declaration with `nested` declared inside it (a kind that declares none is unchanged).
    func replacingNested(_ nested: [TypeDecl]) -> TypeDecl {
        switch self {
        case .structure(var decl):
            decl.nested = nested
            return .structure(decl)
        case .oneOf(var decl):
            decl.nested = nested
            return .oneOf(decl)
        case .stringEnum, .alias:
            return self
        }
    }

    /// What the declaration stores: all that the passes over every type (cycles, layout sizes,
    /// the types an output mentions) need to know of its kind.
    var layout: Layout {
        switch self {
        case .structure(let decl): return .fields(decl.properties.map { Layout.Field(type: $0.type, boxed: $0.indirect) })
        case .oneOf(let decl): return .alternatives(decl.cases.map(\.type), isIndirect: decl.isIndirect)
        case .alias(let decl): return .alias(decl.target)
        case .stringEnum: return .values
        }
    }

    /// The same declaration with the fields `boxes` picks (by index) stored in an `Indirect` box
    /// and, when `indirect`, its alternatives stored apart (an `indirect` enum).
    func withIndirection(boxing boxes: (Int) -> Bool, indirect: Bool) -> TypeDecl {
        switch self {
        case .structure(var decl):
            for index in decl.properties.indices where boxes(index) { decl.properties[index].indirect = true }
            return .structure(decl)
        case .oneOf(var decl):
            if indirect { decl.isIndirect = true }
            return .oneOf(decl)
        case .stringEnum, .alias:
            return self
        }
    }

    var isStringEnum: Bool {
        if case .stringEnum = self { return true }
        return false
    }

    /// How a declaration stores its values.
    enum Layout {
        /// A struct's fields, each inline unless `boxed` (in an `Indirect` box).
        case fields([Field])
        /// An enum's payloads, one at a time; `isIndirect` when they are stored apart already.
        case alternatives([TypeRef], isIndirect: Bool)
        /// Another name for a type.
        case alias(TypeRef)
        /// Values of its own only (a string enum): no other type inside.
        case values

        struct Field {
            var type: TypeRef
            var boxed: Bool
        }

        /// The types it stores, in order.
        var types: [TypeRef] {
            switch self {
            case .fields(let fields): return fields.map(\.type)
            case .alternatives(let types, _): return types
            case .alias(let target): return [target]
            case .values: return []
            }
        }
    }
}

/// A struct of properties.
struct StructDecl: Hashable, Sendable {
    var name: String
    var doc: String?
    var properties: [PropertyDecl]
    var nested: [TypeDecl] = []
    /// Whether it adopts `Error` (it is the API's error body).
    var isError = false
    /// Where its schema is in the document, as a JSON pointer (`#/components/schemas/User`): what
    /// a decoding failure names. Not part of the shape: two places of one shape are one type.
    var pointer: String?

    static func == (lhs: StructDecl, rhs: StructDecl) -> Bool {
        lhs.name == rhs.name && lhs.doc == rhs.doc && lhs.properties == rhs.properties && lhs.nested == rhs.nested
            && lhs.isError == rhs.isError
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(doc)
        hasher.combine(properties)
        hasher.combine(nested)
        hasher.combine(isError)
    }
}

/// A `RawRepresentable` struct of known string values that keeps unknown ones.
struct StringEnumDecl: Hashable, Sendable {
    var name: String
    var doc: String?
    /// Swift name and raw value of each known value.
    var cases: [EnumCase]

    struct EnumCase: Hashable, Sendable {
        var name: String
        var value: String
    }
}

/// An enum with an associated value per member of a `oneOf` or `anyOf`.
struct OneOfDecl: Hashable, Sendable {
    var name: String
    var doc: String?
    var cases: [Case]
    /// The discriminating property and the case for each of its values.
    var discriminator: Discriminator?
    var nested: [TypeDecl] = []
    /// Whether the enum is `indirect` (a member contains the enum).
    var isIndirect = false

    struct Case: Hashable, Sendable {
        var name: String
        var type: TypeRef
        /// The JSON keys of an object member's properties (none for other members): with two such members
        /// or more, the one declaring the most keys of the object at hand is tried first.
        var keys: [String] = []
    }

    struct Discriminator: Hashable, Sendable {
        var property: String
        /// Discriminator value → case name, in document order.
        var mapping: [(value: String, caseName: String)]

        static func == (lhs: Discriminator, rhs: Discriminator) -> Bool {
            lhs.property == rhs.property && lhs.mapping.map(\.value) == rhs.mapping.map(\.value)
                && lhs.mapping.map(\.caseName) == rhs.mapping.map(\.caseName)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(property)
            for entry in mapping {
                hasher.combine(entry.value)
                hasher.combine(entry.caseName)
            }
        }
    }
}

/// `typealias Name = Target`.
struct AliasDecl: Hashable, Sendable {
    var name: String
    var doc: String?
    var target: TypeRef
}

/// Where a parameter goes.
enum ParameterLocation: String, Hashable, Sendable {
    /// A cookie: `name=value` in the request's `Cookie` header, with the other cookies.
    case path, query, header, cookie
}

/// How a parameter's value is written.
enum ParameterEncoding: Hashable, Sendable {
    /// One value, as text.
    case scalar(ScalarKind)
    /// A list: repeated (`explode`) or joined with `separator`.
    case list(ScalarKind, explode: Bool, separator: String)
    /// An object of single values in a path or header: its members present, each `key=text`
    /// when exploded, else `key,text`, in the declaration's order.
    case members([MemberText], explode: Bool)
    /// A `[String: value]` of single values in a path or header: its entries in key order, as
    /// `members` writes them (an entry whose value is `nil`, when values admit null, left out).
    case entries(ScalarKind, explode: Bool, valuesAdmitNull: Bool)
    /// An object or other structure encoded with Bricks' `QueryEncoder` (`deepObject`: `a[b]=c`).
    case deepObject
    /// An object in a query of `explode: false` (`form`, or a delimited style): one item of its
    /// members' names and values joined with `separator` (`name=a,1,b,2`), the members encoded
    /// with Bricks' `QueryEncoder`. An exploded object is a `deepObject` (see Docs/OpenAPI.md).
    case joinedObject(separator: String)
    /// A value described with `content` (JSON) instead of `schema`: the value as JSON text.
    case jsonText
}

extension ParameterEncoding {
    /// Whether the value is written by code that can throw (`encodedQueryItems()`).
    var isEncoded: Bool {
        switch self {
        case .deepObject, .jsonText, .joinedObject: return true
        case .scalar, .list, .members, .entries: return false
        }
    }
}

/// One member of an object parameter written in a path or header: its Swift name, its name in
/// the document, how its value becomes text, and whether it may be absent.
struct MemberText: Hashable, Sendable {
    var name: String
    var key: String
    var kind: ScalarKind
    var isOptional: Bool
}

/// How a path parameter's text begins (OpenAPI's `style`): as it is (`simple`), after a dot
/// (`label`: `.a,b`, exploded `.a.b`) or as `;name=value` (`matrix`: exploded `;name=a;name=b`).
enum PathStyle: Hashable, Sendable {
    case simple, label, matrix
}

/// The kinds of scalar a parameter can hold, each with its way to text.
enum ScalarKind: Hashable, Sendable {
    case string, describable, rawValue, date, json
}

/// A path, query or header parameter of an operation.
struct ParameterDecl: Hashable, Sendable {
    var name: String
    var key: String
    var location: ParameterLocation
    var type: TypeRef
    var encoding: ParameterEncoding
    var doc: String?
    var deprecated = false
    /// How a path parameter's text begins; `simple` for the other places.
    var pathStyle: PathStyle = .simple
}

/// One piece of a path segment: literal text or a parameter.
enum PathPiece: Hashable, Sendable {
    case literal(String)
    /// A single value written as it is (`style: simple`, the default).
    case parameter(name: String, kind: ScalarKind)
    /// A list, an object, or a value of `style: label` or `matrix`.
    case styled(ParameterDecl)
}

/// The request body of an operation.
enum BodyDecl: Hashable, Sendable {
    case json(TypeRef)
    case form(TypeRef)
    case multipart
    case data(contentType: String)
}

/// How the reply is read.
enum ResponseDecl: Hashable, Sendable {
    case json(TypeRef)
    case empty
    case data
    case string
    case serverSentEvents(TypeRef?)
    case jsonLines(TypeRef)
}

/// The pagination brick an operation adopts.
enum PaginationDecl: Hashable, Sendable {
    /// `LinkHeaderPaginatedRequestType`.
    case linkHeader
    /// `CursorPaginatedRequestType`: the query parameter of the cursor, and where the reply holds the next one.
    case cursor(parameter: String, nextCursor: NextCursor)
    /// `BodyLinkPaginatedRequestType`: the reply's property that holds the next page's URL
    /// (Django REST framework's `next`).
    case bodyLink(property: String)
}

/// Where a reply holds the cursor of the next page.
enum NextCursor: Hashable, Sendable {
    /// In a property of the reply (named by the configuration).
    case property(String)
    /// The identifier of the list's last item, when the reply says there is more (Stripe's
    /// `has_more`, `data`, `id`): the names of those properties and whether each, and the list's
    /// items (`[Item?]`, in a document whose items admit null), is optional.
    case lastItem(
        hasMore: String, hasMoreIsOptional: Bool, list: String, listIsOptional: Bool, itemIsOptional: Bool, identifier: String)
}

/// One operation: a request struct.
struct OperationDecl: Hashable, Sendable {
    var name: String
    var operationId: String?
    var method: String
    var path: String
    var doc: String?
    var deprecated: Bool
    var group: String
    var segments: [[PathPiece]]
    var parameters: [ParameterDecl]
    var body: BodyDecl?
    var response: ResponseDecl
    var pagination: PaginationDecl?
    var nested: [TypeDecl]
}

/// A way to give credentials, from a security scheme.
enum CredentialDecl: Hashable, Sendable {
    case bearer
    case basic
    /// An API key: the header, query item or cookie that carries it (a cookie goes after the
    /// request's own), and the name of the function that makes it, unique among the API's
    /// (`apiKey`, then `apiKeyQuery` for another scheme's `apiKey`).
    case apiKey(name: String, location: ParameterLocation, function: String)
    /// A token in the `Authorization` header after a prefix the document states (Django REST
    /// framework's `Token <token>`), and the name of the function that takes the token.
    case token(prefix: String, function: String)
}

/// Everything to write for one document.
struct APIDecl: Sendable {
    var name: String
    var protocolName: String
    var access: GeneratorConfiguration.AccessLevel
    /// The module the models go to, when not the endpoints' (`GeneratorConfiguration.modelsModule`).
    var modelsModule: String?
    var title: String
    var version: String
    var baseURL: String
    var errorType: String?
    /// The statuses whose replies the document declares as `errorType`: empty when every error
    /// status is (a `default` reply), so that another status's body is never read as that type.
    var errorStatuses: [ErrorStatus] = []
    /// The JSON names of `errorType`'s members when none is required: a body must hold one of
    /// them to be read as that type (an all-optional type would read any object as an empty one).
    var errorMemberKeys: [String] = []
    var secretHeaderNames: [String]
    var credentials: [CredentialDecl]
    var operations: [OperationDecl]
    var models: [TypeDecl]
    /// The webhooks the API sends, as the cases of one enum (`<name>Webhook`).
    var webhooks: [WebhookDecl] = []
    /// The OpenAPI version the document declared (`3.0.3`): how a decoding failure's hint writes a
    /// nullable member.
    var openAPIVersion = "3.1.0"
    /// Types declared inside that enum (inline payload schemas).
    var webhookNested: [TypeDecl] = []

    /// What the endpoints' files import besides Bricks and Foundation: the models' module, if any.
    var modelsImport: [String] { modelsModule.map { [$0] } ?? [] }
}

/// A status, or a range of them, that the document declares an error reply for.
enum ErrorStatus: Hashable, Comparable, Sendable {
    /// One status (`422`).
    case code(Int)
    /// A class of statuses (`4XX`: 4).
    case range(Int)
}

/// One webhook (a request the API sends to your server): a case of the `<name>Webhook` enum.
struct WebhookDecl: Hashable, Sendable {
    /// The webhook's name in the document (`batch_cancelled`).
    var key: String
    /// The case (`batchCancelled`).
    var caseName: String
    /// The type of the request's JSON body.
    var payload: TypeRef
    var doc: String?
}
