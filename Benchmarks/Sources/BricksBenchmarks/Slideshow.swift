/// The body of httpbin's `GET /json`.
public struct Slideshow: Decodable, Sendable {
    /// One slide.
    public struct Slide: Decodable, Sendable {
        /// The slide's title.
        public let title: String
        /// The slide's type.
        public let type: String
        /// Its bullet points, when it has any.
        public let items: [String]?
    }

    /// The show itself.
    public struct Show: Decodable, Sendable {
        /// The author.
        public let author: String
        /// The date.
        public let date: String
        /// The title.
        public let title: String
        /// The slides.
        public let slides: [Slide]
    }

    /// The show.
    public let slideshow: Show
}
