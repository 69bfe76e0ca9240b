extension FlowBuilder {
    /// The most days a report lists: the last ``Limits/reportDays`` of a longer span (a board
    /// older than that, or an `until` far ahead), so an answer's size is bounded by days times
    /// columns.
    public static let maximumDays: Int64 = Limits.reportDays

    /// The report of what was consumed: days from the board's first (or `since`'s day, when
    /// later) to `end`'s day, in the builder's time zone; the cards that first arrived in the
    /// last column at or after `since`; time in a column counted up to `end`, which should not
    /// be before the last event consumed (later events are not to be consumed at all).
    public func report(since: Timestamp? = nil, end: Timestamp) -> FlowReport {
        var calendar = self.calendar
        let (figures, stays) = cardFigures(end: end.millisecondsSinceEpoch)
        let listed = figures.indices.filter { card in
            guard let completed = figures[card].completed else { return false }
            return since.map { completed >= $0.millisecondsSinceEpoch } ?? true
        }.sorted { (figures[$0].completed ?? 0, $0) < (figures[$1].completed ?? 0, $1) }

        // Time in each column of the listed cards, by column index.
        var row: [Int32: Int] = [:]
        for (position, card) in listed.enumerated() { row[Int32(card)] = position }
        let width = columnIDs.count
        var inColumn = [Int64](repeating: 0, count: listed.count * width)
        for stay in stays {
            guard let position = row[stay.card] else { continue }
            let cell = position * width + Int(stay.column)
            inColumn[cell] = inColumn[cell].saturatingAdding(stay.duration)
        }

        let dayCounts = days(since: since, end: end, calendar: &calendar)

        // The columns to show: the live ones, then removed ones the figures mention.
        var shown = columnOrder.map(Int.init)
        for column in 0..<width where !columnOrder.contains(Int32(column)) {
            let counted = dayCounts.contains { $0.counts[column] != 0 } || counts[column] != 0
            let timed = (0..<listed.count).contains { inColumn[$0 * width + column] != 0 }
            if counted || timed { shown.append(column) }
        }
        let names = uniqueNames(of: shown)

        let cards = listed.enumerated().map { position, card in
            let figure = figures[card]
            let completed = figure.completed ?? 0
            let added = figure.added ?? completed
            return FlowCard(
                id: cardIDs[card], title: titles[card],
                added: Timestamp(millisecondsSinceEpoch: added),
                completed: Timestamp(millisecondsSinceEpoch: completed),
                lead: completed.duration(since: added),
                cycle: figure.started.map { completed.duration(since: $0) },
                inColumn: shown.map { inColumn[position * width + $0] }
            )
        }

        var done: [ISOWeek: Int] = [:]
        for card in cards { done[ISOWeek(calendar.day(of: card.completed)), default: 0] += 1 }
        var throughput: [FlowWeek] = []
        if let first = dayCounts.first?.day, let last = dayCounts.last?.day {
            var monday = ISOWeek.monday(of: first)
            while monday <= last {
                let week = ISOWeek(monday)
                throughput.append(FlowWeek(week: week, done: done[week] ?? 0))
                monday = CalendarDay(daysSinceEpoch: monday.daysSinceEpoch + 7)
            }
        }

        return FlowReport(
            board: boardName,
            columns: names,
            days: dayCounts.map { day in FlowDay(day: day.day, counts: shown.map { day.counts[$0] }) },
            cards: cards,
            lead: FlowPercentiles(of: cards.map(\.lead)),
            cycle: FlowPercentiles(of: cards.compactMap(\.cycle)),
            throughput: throughput,
            wip: shown.map { counts[$0] }
        )
    }

    /// What one card's counted moves give.
    struct CardFigure {
        var added: Int64?
        var started: Int64?
        var completed: Int64?
    }

    /// A stretch of time a card spent in a column.
    struct Stay {
        var card: Int32
        var column: Int32
        var duration: Int64
    }

    /// Every card's figures, and every stay in a column up to `end`, from the steps: moves that
    /// an undo compensated or that were undone later are passed over.
    func cardFigures(end: Int64) -> (figures: [CardFigure], stays: [Stay]) {
        let first = columnOrder.first
        let last = columnOrder.last
        var figures = [CardFigure](repeating: CardFigure(), count: cardIDs.count)
        var column = [Int32](repeating: -1, count: cardIDs.count)
        var entered = [Int64](repeating: 0, count: cardIDs.count)
        var stays: [Stay] = []
        for step in steps {
            if step.kind == .moved, !step.countable || undoneSequences.contains(step.sequence) { continue }
            let card = Int(step.card)
            if column[card] >= 0 {
                stays.append(Stay(card: step.card, column: column[card], duration: step.time.duration(since: entered[card])))
            }
            column[card] = step.column
            entered[card] = step.time
            if step.kind == .placed, figures[card].added == nil { figures[card].added = step.time }
            guard step.column >= 0, figures[card].completed == nil else { continue }
            // Work starts on leaving the first column, or on coming onto the board past it
            // (but not straight into the last one: such a card has no cycle time).
            if figures[card].started == nil, step.column != first, !(step.kind == .placed && step.column == last) {
                figures[card].started = step.time
            }
            if step.column == last { figures[card].completed = step.time }
        }
        for card in column.indices where column[card] >= 0 {
            stays.append(Stay(card: Int32(card), column: column[card], duration: end.duration(since: entered[card])))
        }
        return (figures, stays)
    }

    /// Cards per column (by index) at the end of every day from the board's first (or
    /// `since`'s) to `end`'s, at most ``maximumDays`` of them (the last).
    func days(since: Timestamp?, end: Timestamp, calendar: inout FlowCalendar) -> [FlowDay] {
        guard let firstDay, let currentDay else { return [] }
        let endDay = calendar.day(of: end).daysSinceEpoch
        var startDay = firstDay.daysSinceEpoch
        if let since { startDay = max(startDay, calendar.day(of: since).daysSinceEpoch) }
        guard startDay <= endDay else { return [] }
        if endDay.saturatingSubtracting(startDay) >= Self.maximumDays { startDay = endDay - Self.maximumDays + 1 }
        let width = columnIDs.count
        func padded(_ counts: [Int]) -> [Int] { counts + Array(repeating: 0, count: max(width - counts.count, 0)) }
        var result: [FlowDay] = []
        result.reserveCapacity(Int(endDay - startDay + 1))
        var next = 0 // the first day end not yet passed
        var latest = [Int](repeating: 0, count: width)
        var day = startDay
        while day <= endDay {
            if day >= currentDay.daysSinceEpoch {
                latest = counts
            } else {
                while next < dayEnds.count, dayEnds[next].day.daysSinceEpoch <= day {
                    latest = padded(dayEnds[next].counts)
                    next += 1
                }
            }
            result.append(FlowDay(day: CalendarDay(daysSinceEpoch: day), counts: latest))
            guard day < endDay else { break }
            day += 1
        }
        return result
    }

    /// The names of `columns` (indexes), a removed column's made unique with " (removed)".
    private func uniqueNames(of columns: [Int]) -> [String] {
        var taken = Set<String>()
        var names: [String] = []
        for column in columns {
            var name = columnNames[column]
            if taken.contains(name) {
                let base = name + " (removed)"
                name = base
                var number = 2
                while taken.contains(name) {
                    name = "\(base) \(number)"
                    number += 1
                }
            }
            taken.insert(name)
            names.append(name)
        }
        return names
    }
}
