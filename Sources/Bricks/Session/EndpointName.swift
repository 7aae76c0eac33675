/// The name of an endpoint's own type, looking through proxies.
enum EndpointName {
    static func of(_ type: any Any.Type) -> String {
        String(describing: innermost(type))
    }

    private static func innermost(_ type: any Any.Type) -> any Any.Type {
        guard let proxy = type as? any RequestProxy.Type else { return type }
        return base(of: proxy)
    }

    private static func base<Proxy: RequestProxy>(of _: Proxy.Type) -> any Any.Type {
        innermost(Proxy.Base.self)
    }
}
