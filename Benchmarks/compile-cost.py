#!/usr/bin/env python3
"""Writes the package that Benchmarks/compile-cost.sh builds: N endpoints in the README's shape.

    python3 Benchmarks/compile-cost.py DIR BRICKS_PATH [N]

Targets (each depends on Bricks and on `Models`, N `Decodable & Encodable` structs):
- `ProtocolStyle`: an API protocol refining `BaseURLRequestType`, then N endpoint structs, two in
  three `GETRequestType & JSONResponseType` with a path of their properties, one in three
  `POSTRequestType & JSONBodyRequestType & JSONResponseType` with a body;
- `ValueStyle`: one `WebAPI` and N `Endpoint<Model>` values made by `api.get`/`api.post`;
- `Empty`: the same imports and nothing else, the floor both are measured over.
"""
import os
import sys


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def main():
    out, bricks = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 300
    write(os.path.join(out, "Package.swift"), f"""// swift-tools-version:6.2
import PackageDescription

let bricks = Target.Dependency.product(name: "Bricks", package: "Bricks")
let package = Package(
    name: "CompileCost",
    dependencies: [.package(name: "Bricks", path: "{bricks}")],
    targets: [
        .target(name: "Models"),
        .target(name: "ProtocolStyle", dependencies: [bricks, "Models"]),
        .target(name: "ValueStyle", dependencies: [bricks, "Models"]),
        .target(name: "Empty", dependencies: [bricks, "Models"]),
    ],
    swiftLanguageModes: [.v6]
)
""")
    models = ["import Foundation\n"]
    for i in range(count):
        models.append(f"""
public struct Model{i}: Codable, Sendable {{
    public var id: Int
    public var name: String
    public var note: String?
    public init(id: Int, name: String, note: String? = nil) {{ self.id = id; self.name = name; self.note = note }}
}}
""")
    write(os.path.join(out, "Sources/Models/Models.swift"), "".join(models))

    imports = "import Bricks\nimport Foundation\nimport Models\n"
    endpoints = [imports, """
nonisolated protocol BenchAPI: BaseURLRequestType {}
extension BenchAPI {
    var baseURL: URL { URL(string: "https://example.com")! }
    var headerFields: [String: String] { ["Accept": "application/json"] }
}
"""]
    for i in range(count):
        if i % 3 == 2:
            endpoints.append(f"""
struct Create{i}: BenchAPI, POSTRequestType, JSONBodyRequestType, JSONResponseType {{
    typealias Response = Model{i}
    let owner: String
    let body: Model{i}
    var pathSegments: [String] {{ ["owners", owner, "things{i}"] }}
}}
""")
        else:
            endpoints.append(f"""
struct Get{i}: BenchAPI, GETRequestType, JSONResponseType {{
    typealias Response = Model{i}
    let owner: String
    let id: Int
    var pathSegments: [String] {{ ["owners", owner, "things{i}", String(id)] }}
}}
""")
    write(os.path.join(out, "Sources/ProtocolStyle/Endpoints.swift"), "".join(endpoints))

    values = [imports, """
enum Bench {
    static let api = WebAPI("https://example.com", headers: ["Accept": "application/json"])
"""]
    for i in range(count):
        if i % 3 == 2:
            values.append(
                f"    static func create{i}(_ owner: String, _ body: Model{i}) -> Endpoint<Model{i}> "
                f"{{ api.post(\"owners\", owner, \"things{i}\", json: body) }}\n")
        else:
            values.append(
                f"    static func get{i}(_ owner: String, _ id: Int) -> Endpoint<Model{i}> "
                f"{{ api.get(\"owners\", owner, \"things{i}\", String(id)) }}\n")
    values.append("}\n")
    write(os.path.join(out, "Sources/ValueStyle/Endpoints.swift"), "".join(values))
    write(os.path.join(out, "Sources/Empty/Empty.swift"), imports + "\nenum Nothing {}\n")


if __name__ == "__main__":
    main()
