import IdentityServerCore

/// A bar chart the server draws as SVG: one slot per period, in it a bar per series side by
/// side. The largest value fills the plot's height and every other bar is proportional to it
/// (rounded to whole units; a value above zero is at least one unit tall, so it never
/// vanishes; a zero draws no bar). Every coordinate is a whole number of SVG user units, so the template writes
/// numbers only, and the same numbers come as table rows for screen readers.
package struct SVGBarChart: Sendable {
    /// One series of values, a value per slot.
    package struct Series: Sendable {
        /// Its name in the legend and the table (`Succeeded`).
        package let name: String
        /// The stylesheet class that colours its bars (`succeeded`).
        package let className: String
        package let values: [Int]
    }

    /// What a slot is called.
    package struct Slot: Sendable {
        /// Its full name, in bar titles and the table (`25 Nov 13:00–14:00`).
        package let label: String
        /// The label under the axis, for the slots that get one (`13:00`).
        package let tick: String?
    }

    /// A bar's rectangle and its tooltip; only values above zero have one.
    package struct Bar: Sendable, Equatable {
        package let x: Int
        package let y: Int
        package let width: Int
        package let height: Int
        package let className: String
        /// `25 Nov 13:00–14:00: 5 succeeded`.
        package let title: String
    }

    /// A label under the axis, centred on its slot.
    package struct Tick: Sendable, Equatable {
        package let x: Int
        package let text: String
    }

    /// A slot as a table row.
    package struct Row: Sendable {
        /// One value with its series' name (the cell's label at phone width).
        package struct Cell: Sendable {
            package let name: String
            package let value: Int
        }

        package let label: String
        package let cells: [Cell]
    }

    /// Each slot's width.
    package static let slotWidth = 20
    /// The height of the plot, which the largest value fills.
    package static let plotHeight = 120
    /// Room for the value labels, left of the plot.
    private static let marginLeft = 36
    private static let marginTop = 8
    private static let marginRight = 4
    /// Room for the ticks, under the plot.
    private static let marginBottom = 20

    /// The element id (`day-chart`); the title and summary ids derive from it.
    package let id: String
    package let title: String
    /// The numbers in words, for assistive technology (`Succeeded 12, refused 3 in total; …`).
    package let summary: String
    package let series: [Series]
    /// The view box.
    package let width: Int
    package let height: Int
    package let plotLeft: Int
    package let plotRight: Int
    package let plotTop: Int
    /// The zero line.
    package let baseline: Int
    /// Where the value labels end (left of the plot).
    package let axisX: Int
    /// The baseline of the label of the largest value.
    package let maxLabelY: Int
    /// The baseline of the ticks.
    package let tickY: Int
    /// The value a bar of the full plot height stands for (at least 1).
    package let scaleMax: Int
    package let bars: [Bar]
    package let ticks: [Tick]
    package let rows: [Row]

    /// Lays out `series` (each with a value per slot of `slots`).
    package init(id: String, title: String, slots: [Slot], series: [Series]) {
        let (slotWidth, plotHeight) = (Self.slotWidth, Self.plotHeight)
        let scaleMax = max(1, series.flatMap(\.values).max() ?? 0)
        let baseline = Self.marginTop + plotHeight
        let barWidth = series.isEmpty ? 0 : (slotWidth - 4) / series.count
        self.id = id
        self.title = title
        self.series = series
        self.plotLeft = Self.marginLeft
        self.plotRight = Self.marginLeft + slots.count * slotWidth
        self.plotTop = Self.marginTop
        self.width = plotRight + Self.marginRight
        self.height = baseline + Self.marginBottom
        self.baseline = baseline
        self.axisX = Self.marginLeft - 4
        self.maxLabelY = Self.marginTop + 8
        self.tickY = baseline + 14
        self.scaleMax = scaleMax
        self.bars = slots.indices.flatMap { slot in
            series.enumerated().compactMap { index, series in
                let value = series.values[slot]
                guard value > 0 else { return nil }
                let height = max(1, (value * plotHeight + scaleMax / 2) / scaleMax)
                return Bar(
                    x: Self.marginLeft + slot * slotWidth + 2 + index * barWidth, y: baseline - height, width: barWidth,
                    height: height, className: series.className,
                    title: "\(slots[slot].label): \(value) \(series.name.lowercased())")
            }
        }
        self.ticks = slots.enumerated().compactMap { slot, described in
            described.tick.map { Tick(x: Self.marginLeft + slot * slotWidth + slotWidth / 2, text: $0) }
        }
        self.rows = slots.enumerated().map { slot, described in
            Row(label: described.label, cells: series.map { Row.Cell(name: $0.name, value: $0.values[slot]) })
        }
        let totals = series.map { "\($0.values.reduce(0, +)) \($0.name.lowercased())" }.joined(separator: ", ")
        self.summary = series.allSatisfy({ $0.values.allSatisfy { $0 == 0 } })
            ? "None in this period."
            : "\(totals) in total; the highest bar stands for \(scaleMax)."
    }
}
