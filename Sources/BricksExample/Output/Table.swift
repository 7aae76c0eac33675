/// A plain-text table for the terminal: a header row, then rows, with columns padded to line up.
///
/// ```text
///   #   TITLE          STATE
///   13  Test issue 13  open
/// ```
struct Table {
    /// The column titles, shown in capitals; an empty list shows no header row.
    let columns: [String]
    /// The rows, each with one cell per column.
    private(set) var rows: [[String]] = []
    /// The widest a cell is shown; longer text is cut and ends with `…`.
    var maximumCellWidth = 60

    init(columns: [String]) {
        self.columns = columns
    }

    /// Adds a row; missing cells are blank.
    mutating func append(_ cells: [String]) {
        rows.append(cells)
    }

    /// The table as lines, each indented by `indent` spaces, with no trailing spaces.
    func render(indent: Int = 2) -> String {
        let header = columns.isEmpty ? [] : [columns.map { $0.uppercased() }]
        let lines = (header + rows).map { $0.map(fitted) }
        let count = lines.map(\.count).max() ?? 0
        let widths = (0..<count).map { column in
            lines.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
        }
        return lines.map { cells in
            let padded = cells.enumerated().map { column, cell in
                cell + String(repeating: " ", count: widths[column] - cell.count)
            }
            let line = String(repeating: " ", count: indent) + padded.joined(separator: "  ")
            return String(line.reversed().drop { $0 == " " }.reversed())
        }.joined(separator: "\n")
    }

    /// `text` on one line, cut to ``maximumCellWidth``.
    private func fitted(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard line.count > maximumCellWidth else { return line }
        return line.prefix(maximumCellWidth - 1) + "…"
    }
}
