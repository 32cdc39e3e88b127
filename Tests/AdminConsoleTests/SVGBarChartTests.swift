import Testing
@testable import IdentityServerCore
@testable import AdminConsole

/// The dashboard's chart geometry: heights proportional to the largest value, which fills the
/// plot; nothing drawn for no data; bars side by side within their slot.
@Suite struct SVGBarChartTests {
    private static func chart(_ series: [[Int]]) -> SVGBarChart {
        let slots = series[0].indices.map { SVGBarChart.Slot(label: "slot \($0)", tick: $0 == 0 ? "first" : nil) }
        return SVGBarChart(id: "c", title: "Test", slots: slots, series: series.enumerated().map {
            SVGBarChart.Series(name: "S\($0.offset)", className: "s\($0.offset)", values: $0.element)
        })
    }

    @Test func aChartWithoutDataDrawsNoBar() {
        let chart = Self.chart([[0, 0, 0], [0, 0, 0]])
        #expect(chart.bars.isEmpty)
        #expect(chart.scaleMax == 1 && chart.baseline == chart.plotTop + SVGBarChart.plotHeight)
        #expect(chart.rows.map { $0.cells.map(\.value) } == [[0, 0], [0, 0], [0, 0]], "the table still lists every slot")
        #expect(chart.summary == "None in this period.")
    }

    @Test func theLargestValueFillsThePlotAndTheOthersAreProportional() {
        let chart = Self.chart([[1, 2, 4], [0, 3, 0]])
        // Slot by slot, the first series' bar then the second's; zeros draw nothing.
        #expect(chart.bars.map(\.height) == [30, 60, 90, 120])
        #expect(chart.bars.map(\.className) == ["s0", "s0", "s1", "s0"])
        #expect(chart.scaleMax == 4)
        let tallest = chart.bars[3]
        #expect(tallest.height == SVGBarChart.plotHeight && tallest.y == chart.plotTop && tallest.y + tallest.height == chart.baseline)
        #expect(chart.bars.allSatisfy { $0.y + $0.height == chart.baseline })
        #expect(chart.summary == "7 s0, 3 s1 in total; the highest bar stands for 4.")
    }

    @Test func aSmallValueIsStillVisibleAndBarsStayInsideTheirSlot() {
        let chart = Self.chart([[1, 10_000], [3, 2]])
        #expect(chart.bars.map(\.height) == [1, 1, 120, 1], "1 of 10,000 rounds to nothing, yet is drawn")
        for (index, bar) in chart.bars.enumerated() {
            let slotStart = chart.plotLeft + index / 2 * SVGBarChart.slotWidth
            #expect(bar.x >= slotStart && bar.x + bar.width <= slotStart + SVGBarChart.slotWidth)
        }
        #expect(chart.bars[0].x + chart.bars[0].width <= chart.bars[1].x, "side by side, not overlapping")
        #expect(chart.width == chart.plotRight + 4 && chart.plotRight == chart.plotLeft + 2 * SVGBarChart.slotWidth)
        #expect(chart.ticks == [SVGBarChart.Tick(x: chart.plotLeft + SVGBarChart.slotWidth / 2, text: "first")])
        #expect(chart.bars[1].title == "slot 0: 3 s1")
        #expect(chart.rows.map { $0.cells.map(\.value) } == [[1, 3], [10_000, 2]])
    }
}
