// Stand-in for SwiftUI: the declarations the SDK's Apple-only views use, with Apple's
// documented signatures (https://developer.apple.com/documentation/swiftui/…, named per
// symbol). Nothing here runs: every body is a placeholder. Generic signatures follow Apple's,
// so code that type-checks here uses the real API as documented.
@_exported import Combine
@_exported import UIKit

// MARK: View and its builder

/// view — `@MainActor @preconcurrency protocol View`
@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Self.Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

/// Placeholder bodies of the stand-in's own views.
public protocol _StandInView: View where Body == Never {}
extension _StandInView {
    public var body: Never { fatalError("stand-in") }
}

/// viewbuilder — `@resultBuilder struct ViewBuilder`
@resultBuilder public struct ViewBuilder {
    /// `static func buildBlock() -> EmptyView`
    public static func buildBlock() -> EmptyView { EmptyView() }
    /// `static func buildBlock<Content>(_ content: Content) -> Content where Content : View`
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    /// `static func buildBlock<each Content>(_ content: repeat each Content) -> TupleView<(repeat each Content)> where repeat each Content : View`
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    /// `static func buildExpression<Content>(_ content: Content) -> Content where Content : View`
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    /// `static func buildIf<Content>(_ content: Content?) -> Content? where Content : View`
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    /// `static func buildEither<TrueContent, FalseContent>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent>`
    public static func buildEither<T: View, F: View>(first: T) -> _ConditionalContent<T, F> { _ConditionalContent() }
    /// `static func buildEither<TrueContent, FalseContent>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent>`
    public static func buildEither<T: View, F: View>(second: F) -> _ConditionalContent<T, F> { _ConditionalContent() }
}

/// optional — `extension Optional : View where Wrapped : View`
extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

/// emptyview — `struct EmptyView`
public struct EmptyView: _StandInView { public init() {} }
/// tupleview — `struct TupleView<T>`
public struct TupleView<T>: _StandInView { nonisolated public init(_ value: T) {} }
/// _ConditionalContent — `struct _ConditionalContent<TrueContent, FalseContent>`
public struct _ConditionalContent<TrueContent, FalseContent>: _StandInView { init() {} }
/// A view with a modifier applied (`ModifiedContent<Content, Modifier>` on Apple platforms).
public struct ModifiedContent<Content, Modifier>: _StandInView { init() {} }

// MARK: Views

/// scrollview — `struct ScrollView<Content> where Content : View`
public struct ScrollView<Content: View>: _StandInView {
    /// `init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content)` (the parameters used)
    public init(@ViewBuilder content: () -> Content) {}
}

/// vstack — `struct VStack<Content> where Content : View`
public struct VStack<Content: View>: _StandInView {
    /// `init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content)`
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}

/// horizontalalignment — `struct HorizontalAlignment`
public struct HorizontalAlignment: Sendable {
    /// `static let leading: HorizontalAlignment`
    public static let leading = HorizontalAlignment()
    /// `static let center: HorizontalAlignment`
    public static let center = HorizontalAlignment()
}

/// text — `struct Text`
public struct Text: _StandInView {
    /// `init<S>(_ content: S) where S : StringProtocol`
    public init<S: StringProtocol>(_ content: S) {}
    /// `func font(_ font: Font?) -> Text`
    public func font(_ font: Font?) -> Text { self }
    /// `func bold() -> Text`
    public func bold() -> Text { self }
}

/// progressview — `struct ProgressView<Label, CurrentValueLabel>`; `init()` where both are EmptyView
public struct ProgressView: _StandInView { public init() {} }

/// foreach — `struct ForEach<Data, ID, Content> where Data : RandomAccessCollection, ID : Hashable`
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: _StandInView {
    /// `init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content)`
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}

/// labeledcontent — `struct LabeledContent<Label, Content>`
public struct LabeledContent: _StandInView {
    /// `init<S1, S2>(_ title: S1, value: S2) where Label == Text, Content == Text, S1 : StringProtocol, S2 : StringProtocol`
    public init<S1: StringProtocol, S2: StringProtocol>(_ title: S1, value: S2) {}
}

/// textfield — `struct TextField<Label> where Label : View`
public struct TextField: _StandInView {
    /// `init<S>(_ title: S, text: Binding<String>) where S : StringProtocol`
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {}
}

/// button — `struct Button<Label> where Label : View`
public struct Button: _StandInView {
    /// `init<S>(_ title: S, action: @escaping @MainActor () -> Void) where S : StringProtocol`
    public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {}
    /// `init<S>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void) where S : StringProtocol`
    public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void) {}
}

/// buttonrole — `struct ButtonRole : Equatable, Sendable`
public struct ButtonRole: Equatable, Sendable {
    /// `static let destructive: ButtonRole`
    public static let destructive = ButtonRole()
}

/// image — `struct Image`
public struct Image: _StandInView {
    /// `init(uiImage: UIImage)`
    public init(uiImage: UIImage) {}
    /// image/interpolation — `enum Interpolation`
    public enum Interpolation: Sendable { case none, low, medium, high }
    /// `func interpolation(_ interpolation: Image.Interpolation) -> Image`
    public func interpolation(_ interpolation: Interpolation) -> Image { self }
    /// `func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch) -> Image` (defaults used)
    public func resizable() -> Image { self }
}

/// timelineview — `struct TimelineView<Schedule, Content> where Schedule : TimelineSchedule`
public struct TimelineView<Schedule: TimelineSchedule, Content: View>: _StandInView {
    /// `init(_ schedule: Schedule, @ViewBuilder content: @escaping (TimelineViewDefaultContext) -> Content)`
    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (TimelineViewDefaultContext) -> Content) {}
}

/// timelineviewdefaultcontext — `typealias TimelineViewDefaultContext = TimelineView<EveryMinuteTimelineSchedule, Never>.Context`
/// (a struct here: its `date` is what our views read)
public struct TimelineViewDefaultContext {
    /// timelineview/context/date — `let date: Date`
    public let date: Date
}

/// timelineschedule — `protocol TimelineSchedule`
public protocol TimelineSchedule {}
/// periodictimelineschedule — `struct PeriodicTimelineSchedule`
public struct PeriodicTimelineSchedule: TimelineSchedule {}
extension TimelineSchedule where Self == PeriodicTimelineSchedule {
    /// `static func periodic(from startDate: Date, by interval: TimeInterval) -> PeriodicTimelineSchedule`
    public static func periodic(from startDate: Date, by interval: TimeInterval) -> PeriodicTimelineSchedule { .init() }
}

// MARK: Modifiers

/// font — `struct Font`
public struct Font: Sendable {
    /// `static let title2: Font`
    public static let title2 = Font()
    /// `static let title3: Font`
    public static let title3 = Font()
    /// `static let largeTitle: Font`
    public static let largeTitle = Font()
    /// `func monospacedDigit() -> Font`
    public func monospacedDigit() -> Font { self }
}

/// shapestyle — `protocol ShapeStyle : Sendable`
public protocol ShapeStyle: Sendable {}
/// color — `struct Color`
public struct Color: ShapeStyle {}
extension ShapeStyle where Self == Color {
    /// `static var red: Color { get }`
    public static var red: Color { Color() }
}
/// hierarchicalshapestyle — `struct HierarchicalShapeStyle`
public struct HierarchicalShapeStyle: ShapeStyle {}
extension ShapeStyle where Self == HierarchicalShapeStyle {
    /// `static var secondary: HierarchicalShapeStyle { get }`
    public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle() }
}

/// textselectability — `protocol TextSelectability`
public protocol TextSelectability {}
/// enabledtextselectability — `struct EnabledTextSelectability`
public struct EnabledTextSelectability: TextSelectability {}
extension TextSelectability where Self == EnabledTextSelectability {
    /// `static var enabled: EnabledTextSelectability { get }`
    public static var enabled: EnabledTextSelectability { EnabledTextSelectability() }
}

/// primitivebuttonstyle — `protocol PrimitiveButtonStyle`
public protocol PrimitiveButtonStyle {}
/// borderedbuttonstyle — `struct BorderedButtonStyle`
public struct BorderedButtonStyle: PrimitiveButtonStyle {}
/// borderedprominentbuttonstyle — `struct BorderedProminentButtonStyle`
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {}
extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    /// `static var bordered: BorderedButtonStyle { get }`
    public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    /// `static var borderedProminent: BorderedProminentButtonStyle { get }`
    public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}

extension View {
    /// `func font(_ font: Font?) -> some View`
    public func font(_ font: Font?) -> some View { ModifiedContent<Self, Font>() }
    /// `func bold(_ isActive: Bool = true) -> some View`
    public func bold(_ isActive: Bool = true) -> some View { ModifiedContent<Self, Bool>() }
    /// `func foregroundStyle<S>(_ style: S) -> some View where S : ShapeStyle`
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { ModifiedContent<Self, S>() }
    /// `func textSelection<S>(_ selectability: S) -> some View where S : TextSelectability`
    public func textSelection<S: TextSelectability>(_ selectability: S) -> some View { ModifiedContent<Self, S>() }
    /// `func textContentType(_ textContentType: UITextContentType?) -> some View`
    public func textContentType(_ textContentType: UITextContentType?) -> some View { ModifiedContent<Self, UITextContentType>() }
    /// `func buttonStyle<S>(_ style: S) -> some View where S : PrimitiveButtonStyle`
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View { ModifiedContent<Self, S>() }
    /// `func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View` (defaults used)
    public func padding() -> some View { ModifiedContent<Self, Void>() }
    /// `func onAppear(perform action: (() -> Void)? = nil) -> some View`
    public func onAppear(perform action: (() -> Void)? = nil) -> some View { ModifiedContent<Self, Void>() }
    /// `func scaledToFit() -> some View`
    public func scaledToFit() -> some View { ModifiedContent<Self, Void>() }
    /// `func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, …) -> some View` (the parameters used)
    public func frame(maxWidth: CGFloat? = nil) -> some View { ModifiedContent<Self, Void>() }
}

// MARK: State and environment

/// binding — `@propertyWrapper @dynamicMemberLookup struct Binding<Value>`
@propertyWrapper public struct Binding<Value> {
    /// `init(get: @escaping () -> Value, set: @escaping (Value) -> Void)`
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {}
    /// `var wrappedValue: Value { get nonmutating set }`
    public var wrappedValue: Value {
        get { fatalError("stand-in") }
        nonmutating set {}
    }
}

/// state — `@propertyWrapper struct State<Value> : DynamicProperty`
@propertyWrapper public struct State<Value> {
    /// `init(wrappedValue value: Value)`
    public init(wrappedValue value: Value) {}
    /// `var wrappedValue: Value { get nonmutating set }`
    public var wrappedValue: Value {
        get { fatalError("stand-in") }
        nonmutating set {}
    }
    /// `var projectedValue: Binding<Value> { get }`
    public var projectedValue: Binding<Value> { Binding(get: { fatalError("stand-in") }, set: { _ in }) }
}

/// observedobject — `@propertyWrapper @frozen struct ObservedObject<ObjectType> where ObjectType : ObservableObject`
@propertyWrapper public struct ObservedObject<ObjectType: ObservableObject> {
    /// observedobject/wrapper — `@dynamicMemberLookup @frozen struct Wrapper`
    @dynamicMemberLookup public struct Wrapper {
        /// `subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> { get }`
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            Binding(get: { fatalError("stand-in") }, set: { _ in })
        }
    }
    /// `init(wrappedValue: ObjectType)`
    public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
    /// `var wrappedValue: ObjectType`
    public var wrappedValue: ObjectType
    /// `var projectedValue: ObservedObject<ObjectType>.Wrapper { get }`
    public var projectedValue: Wrapper { Wrapper() }
}

/// stateobject — `@propertyWrapper @frozen struct StateObject<ObjectType> where ObjectType : ObservableObject`
@propertyWrapper public struct StateObject<ObjectType: ObservableObject> {
    /// `init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType)`
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {}
    /// `var wrappedValue: ObjectType { get }`
    public var wrappedValue: ObjectType { fatalError("stand-in") }
}

/// environmentvalues — `struct EnvironmentValues`
public struct EnvironmentValues {
    /// `var openURL: OpenURLAction { get set }`
    public var openURL: OpenURLAction { OpenURLAction() }
}

/// openurlaction — `struct OpenURLAction`
public struct OpenURLAction {
    /// `func callAsFunction(_ url: URL)`
    public func callAsFunction(_ url: URL) {}
}

/// environment — `@propertyWrapper struct Environment<Value> : DynamicProperty`
@propertyWrapper public struct Environment<Value> {
    /// `init(_ keyPath: KeyPath<EnvironmentValues, Value>)`
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    /// `var wrappedValue: Value { get }`
    public var wrappedValue: Value { fatalError("stand-in") }
}

// MARK: Apps, scenes and navigation

/// app — `@MainActor @preconcurrency protocol App`
@MainActor @preconcurrency public protocol App {
    associatedtype Body: Scene
    /// `@SceneBuilder @MainActor var body: Self.Body { get }`
    var body: Self.Body { get }
    /// `init()`
    init()
}

extension App {
    /// `@MainActor static func main()` — what `@main` calls.
    public static func main() {}
}

/// scene — `@MainActor @preconcurrency protocol Scene`
@MainActor @preconcurrency public protocol Scene {}

/// windowgroup — `struct WindowGroup<Content> where Content : View`
public struct WindowGroup<Content: View>: Scene {
    /// `init(@ViewBuilder content: () -> Content)`
    public init(@ViewBuilder content: () -> Content) {}
}

/// navigationstack — `struct NavigationStack<Data, Root> where Root : View`
public struct NavigationStack<Root: View>: _StandInView {
    /// `init(@ViewBuilder root: () -> Root) where Data == NavigationPath`
    public init(@ViewBuilder root: () -> Root) {}
}

/// list — `struct List<SelectionValue, Content> where SelectionValue : Hashable, Content : View`
public struct List<Content: View>: _StandInView {
    /// `init(@ViewBuilder content: () -> Content)`
    public init(@ViewBuilder content: () -> Content) {}
}

/// section — `struct Section<Parent, Content, Footer>`
public struct Section<Content: View>: _StandInView {
    /// `init<S>(_ title: S, @ViewBuilder content: () -> Content) where Parent == Text, Footer == EmptyView, S : StringProtocol`
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {}
}

extension View {
    /// `func navigationTitle<S>(_ title: S) -> some View where S : StringProtocol`
    public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { ModifiedContent<Self, Void>() }
    /// `func onOpenURL(perform action: @escaping (URL) -> ()) -> some View`
    public func onOpenURL(perform action: @escaping (URL) -> ()) -> some View { ModifiedContent<Self, Void>() }
}

// MARK: Hosting

/// uihostingcontroller — `@MainActor class UIHostingController<Content> : UIViewController where Content : View`
@MainActor open class UIHostingController<Content: View>: UIViewController {
    /// `init(rootView: Content)`
    public init(rootView: Content) {}
}
