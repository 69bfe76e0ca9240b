import KanbanCore

/// The text form of `kanban flow`: the summary first, then a line per day on which the counts
/// changed (the first and the last day always; `--json` has every day).
enum FlowText {
    /// How many of the last weeks the throughput line names.
    static let recentWeeks = 8

    /// The whole report, its lines joined by newlines.
    static func text(for report: FlowReport) -> String {
        var lines: [String] = []
        if let first = report.days.first?.day, let last = report.days.last?.day {
            let count = report.days.count
            lines.append("\(report.board): \(first) to \(last) (\(count) day\(count == 1 ? "" : "s"))")
        } else {
            lines.append("\(report.board): no days in this window")
        }
        let finished = report.cards.count
        lines.append("Finished: \(finished) card\(finished == 1 ? "" : "s")")
        lines.append("Lead time:  \(percentiles(report.lead))")
        let withCycle = report.cards.filter { $0.cycle != nil }.count
        let missing = finished - withCycle
        lines.append("Cycle time: \(percentiles(report.cycle))\(missing > 0 ? " (\(missing) added straight to the last column left out)" : "")")
        if !report.throughput.isEmpty {
            let weeks = report.throughput.count
            let average = Double(report.throughput.reduce(0) { $0 + $1.done }) / Double(weeks)
            let recent = report.throughput.suffix(recentWeeks).map { "\($0.week) \($0.done)" }.joined(separator: ", ")
            let lead = weeks > recentWeeks ? "\(rounded(average)) a week over \(weeks) weeks; the last \(recentWeeks): " : ""
            lines.append("Throughput: " + lead + recent)
        }
        lines.append("Now:        " + zip(report.columns, report.wip).map { "\($0) \($1)" }.joined(separator: ", "))
        if !report.days.isEmpty {
            lines.append("")
            lines.append(table(report))
        }
        return lines.joined(separator: "\n")
    }

    /// `p50 2d 3h · p85 … · p95 …`, or a dash when no card has the figure.
    static func percentiles(_ figures: FlowPercentiles) -> String {
        guard let p50 = figures.p50, let p85 = figures.p85, let p95 = figures.p95 else { return "–" }
        return "p50 \(duration(p50)) · p85 \(duration(p85)) · p95 \(duration(p95))"
    }

    /// A duration in its two largest units: `2d 3h`, `3h 20m`, `4m 5s`, `12s`, `0s`.
    static func duration(_ milliseconds: Int64) -> String {
        let seconds = max(milliseconds, 0) / 1000
        let units: [(Int64, String)] = [(86_400, "d"), (3600, "h"), (60, "m"), (1, "s")]
        for (index, (size, name)) in units.enumerated() where seconds >= size {
            var text = "\(seconds / size)\(name)"
            if index + 1 < units.count {
                let (smaller, smallerName) = units[index + 1]
                let rest = seconds % size / smaller
                if rest > 0 { text += " \(rest)\(smallerName)" }
            }
            return text
        }
        return "0s"
    }

    /// `value` with at most one decimal.
    static func rounded(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
    }

    /// The days whose counts changed, one line each (the first and the last always): the date,
    /// then the cards in each column, right-aligned under the column names.
    static func table(_ report: FlowReport) -> String {
        let widths = report.columns.indices.map { column in
            report.days.reduce(DisplayWidth.of(report.columns[column])) { widest, day in
                max(widest, String(day.counts[column]).count)
            }
        }
        func pad(_ text: String, _ width: Int) -> String {
            String(repeating: " ", count: max(width - DisplayWidth.of(text), 0)) + text
        }
        var rows = ["date      " + zip(report.columns, widths).map { "  " + pad($0, $1) }.joined()]
        for (index, day) in report.days.enumerated()
        where index == 0 || index == report.days.count - 1 || day.counts != report.days[index - 1].counts {
            rows.append(day.day.description + zip(day.counts, widths).map { "  " + pad(String($0), $1) }.joined())
        }
        return rows.joined(separator: "\n")
    }
}
