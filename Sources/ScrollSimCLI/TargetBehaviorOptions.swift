import ScrollSimCore
import ScrollTrace

/// `--target-y` and `--target-x` of `replay`: each axis's paging or snapping, in the keys of the
/// trace header's `scroll.targetBehavior` and `scroll.targetBehaviorX`
/// (``/ScrollTrace/TraceHeader/TargetBehavior``), overriding the header's.
enum TargetBehaviorOptions {
  static let grammar =
    "none, paging[,pageSize=PT] or viewAligned,itemSize=PT[,itemSpacing=PT]"
    + "[,limitBehavior=always|alwaysByOne] (or viewAligned,itemOffsets=PT;PT;…, quoted in a "
    + "shell, where ; ends a command: --target-x 'viewAligned,itemOffsets=0;420;980')"
  static let y = Option<String>(
    "target-y", "BEHAVIOUR",
    help: "where a fling may come to rest vertically, instead of the header's "
      + "scroll.targetBehavior: \(grammar). paging moves one page (the viewport's height, or "
      + "pageSize) per fling at most, as UIKit's isPagingEnabled; viewAligned snaps to the "
      + "item nearest the projected rest (alwaysByOne: the next item, however hard the fling), "
      + "as SwiftUI's .viewAligned(limitBehavior:). Sizes in points; docs/two-axes.md")
  static let x = Option<String>(
    "target-x", "BEHAVIOUR",
    help: "the same for the horizontal axis of a two-axis trace (a photo pager: paging; a "
      + "carousel: viewAligned,itemSize=300,itemSpacing=10), instead of the header's "
      + "scroll.targetBehaviorX")

  /// Both axes' behaviours for a replay of a trace with `header` at `path`: the option's when
  /// given (`none`: free momentum), else the header's.
  /// - Throws: a usage error (exit 64) naming the option and the key for a value that does not
  ///   parse or is out of range (checked against the header's geometry), for `--target-x`
  ///   on a trace without a horizontal axis, and for either on a nested chain.
  static func resolve(_ arguments: ArgumentList, header: TraceHeader, path: String)
    throws(CommandError) -> (
      vertical: TraceHeader.TargetBehavior?, horizontal: TraceHeader.TargetBehavior?
    )
  {
    var vertical = header.scroll.targetBehavior
    var horizontal = header.scroll.targetBehaviorX
    let axes: [(Option<String>, Double?)] = [
      (
        y,
        header.scroll.contentHeight + header.scroll.contentInsetTop
          + header.scroll.contentInsetBottom - header.scroll.viewportHeight
      ),
      (x, header.scroll.horizontal?.maxOffset),
    ]
    for (option, span) in axes {
      guard let text = arguments.text(option) else { continue }
      if header.nested != nil {
        throw .usage(
          "--\(option.info.name) cannot apply to \(path): a nested chain (header \"nested\") has "
            + "no paging or snapping")
      }
      guard let span else {
        throw .usage(
          "--\(option.info.name) needs a two-axis trace; \(path) declares only the vertical "
            + "axis (no scroll.viewportWidth)")
      }
      let behavior = try parse(option, text, maxOffset: max(0, span))
      if option.info.name == y.info.name { vertical = behavior } else { horizontal = behavior }
    }
    return (vertical, horizontal)
  }

  /// The behaviour `text` of `option` describes for an axis whose largest offset is
  /// `maxOffset` (points), checked; nil for `none`.
  /// - Throws: a usage error (exit 64) naming the option, its value and the key at fault.
  static func parse(_ option: Option<String>, _ text: String, maxOffset: Double)
    throws(CommandError) -> TraceHeader.TargetBehavior?
  {
    guard text != "none" else { return nil }
    return try checked(option, text, maxOffset: maxOffset) { () throws(FieldProblem) in
      try TraceHeader.TargetBehavior(text: text)
    }
  }

  /// `make()`'s behaviour checked against `maxOffset`, its problems as usage errors naming
  /// `option` and `text`.
  static func checked(
    _ option: Option<String>, _ text: String, maxOffset: Double,
    _ make: () throws(FieldProblem) -> TraceHeader.TargetBehavior
  ) throws(CommandError) -> TraceHeader.TargetBehavior {
    do throws(FieldProblem) {
      let behavior = try make()
      if let (field, message) = behavior.problem(maxOffset: maxOffset) {
        throw FieldProblem(field: field, message: message)
      }
      return behavior
    } catch {
      throw .usage("--\(option.info.name) \(text): \(error.field): \(error.message)")
    }
  }
}
