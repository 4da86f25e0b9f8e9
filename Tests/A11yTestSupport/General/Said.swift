/// What a screen reader says for one element: the spoken text and the hint it reads after a
/// pause (nil when there is none). Speech tests compare lists of these against the legend of
/// a reference screen, in its order.
public struct Said: Equatable, CustomStringConvertible {
    public var spoken: String, hint: String?
    public init(_ spoken: String, _ hint: String? = nil) { self.spoken = spoken; self.hint = hint }
    public var description: String { hint.map { "\(spoken) / \($0)" } ?? spoken }
}
