import ScrollPhysics
import ScrollTrace

/// Frame files: every frame of a run, written by `scrollsim replay --output` and compared by
/// `scrollsim diff`. Two formats, chosen by the file extension:
///
/// - JSON Lines (`.jsonl`): line 1 a header
///   `{"effect":…,"format":"scrollsim-frames","outputs":[…],"refreshRate":120,"trace":…,"version":2}`,
///   then one frame per line
///   `{"events":[…],"frame":0,"offset":0,"outputs":{"name":value,…},"phase":"idle","scrollView":[…],"t":0,"velocity":0}`;
///   `scrollView` (version 2, left out when empty) lists the scroll view's events of the frame
///   as text (``/ScrollPhysics/ScrollViewEvent/description``, e.g.
///   `"scrollViewDidEndDecelerating(finished:true)@2.75"`). A two-axis run
///   (``Header/isTwoAxis``) writes version 3, whose frames end in `"vx":…,"x":…`: the
///   horizontal velocity (points per second) and offset from rest at the left (points); its
///   scroll view events carry both axes (``/ScrollPhysics/ScrollViewEvent/twoAxis``:
///   `…;velocityX:…;velocityY:…;targetX:…;targetY:…)`), which earlier version-3 files lack
///   (read all the same, with `twoAxis` nil). A nested chain's run (``Header/views``) writes
///   version 4: the header names the views, outer to inner (`"views":["header","list"]`,
///   ``viewNames(count:)``), and each frame gives every view's contentOffset and velocity after
///   the combined ones:
///   `"views":{"header":{"offset":200,"velocity":0},"list":{"offset":35.5,"velocity":1240}}`;
///   its `scrollView` lists each view's callbacks (``/ScrollPhysics/NestedScrollViewEvent``,
///   ``FrameRecord/nestedScrollViewEvents``: `"scrollViewDidScroll(view:header;offset:200)@0.31"`),
///   which earlier version-4 files lack (read all the same, with no events).
/// - CSV (`.csv`): a header row
///   `frame,time_s,offset_pt,velocity_pt_s,phase,<outputs…>,events,scroll_view`, then one row
///   per frame; events and scroll view events are separated by spaces. A two-axis run adds the
///   columns `offset_x_pt,velocity_x_pt_s` at the end; a chain's run two columns per view,
///   outer to inner: `header_offset_pt,header_velocity_pt_s,list_offset_pt,list_velocity_pt_s`.
///
/// Version 1 files (no `scrollView` key; CSV without the `scroll_view` column) are still read:
/// their records have no scroll view events (nil); version 2 files (and vertical runs, which are
/// still written as version 2) have no horizontal axis (``FrameRecord/offsetX`` nil) and no
/// views (``FrameRecord/views`` nil).
///
/// A whole file ends with a closing record (``endLine(frames:format:)``) giving the number of
/// frame lines: `{"end":{"complete":true,"frames":382}}` (JSON Lines) or `# end frames=382`
/// (CSV). A file without one was cut (a run interrupted, a disk full, a killed process) or
/// written before closing records existed; ``FrameFileReader/ending`` tells which it is.
///
/// Numbers are written in the shortest form that reads back to the same double, so a file
/// read back compares exactly. Units: seconds, points, points per second; outputs in their
/// own units (``/ScrollEffects/EffectOutput/Unit``).
public enum FrameFile {
  /// The two frame file formats.
  public enum Format: String, Sendable, CaseIterable {
    /// JSON Lines with a header line.
    case jsonl
    /// Comma-separated values with a header row.
    case csv

    /// The format for `path` by its extension (`.jsonl`/`.json` or `.csv`), or `nil`.
    public init?(path: String) {
      let lower = path.lowercased()
      if lower.hasSuffix(".jsonl") || lower.hasSuffix(".json") {
        self = .jsonl
      } else if lower.hasSuffix(".csv") {
        self = .csv
      } else {
        return nil
      }
    }
  }

  /// What a frame file says about its run.
  public struct Header: Sendable, Equatable {
    /// Effect preset name (empty when unknown, e.g. in CSV).
    public var effect: String
    /// Frames per second (0 when unknown, e.g. in CSV).
    public var refreshRate: Int
    /// The replayed trace's path (empty when unknown).
    public var trace: String
    /// Output names, in the order of ``FrameRecord/values``.
    public var outputs: [String]
    /// Whether the frames carry the horizontal axis (`x`, `vx`: a two-axis run, version 3).
    public var isTwoAxis: Bool
    /// The scroll views of a nested chain's run, outer to inner (``viewNames(count:)``), whose
    /// contentOffset and velocity every frame carries (``FrameRecord/views``, version 4); empty
    /// for a run of one scroll view. Give ``viewNames(count:)``'s names: ``line(_:outputs:format:)``
    /// names a record's views by them.
    public var views: [String]

    /// Creates a header.
    public init(
      effect: String, refreshRate: Int, trace: String, outputs: [String], isTwoAxis: Bool = false,
      views: [String] = []
    ) {
      self.views = views
      self.effect = effect
      self.refreshRate = refreshRate
      self.trace = trace
      self.outputs = outputs
      self.isTwoAxis = isTwoAxis
    }
  }

  /// The fixed CSV columns before the outputs.
  static let csvColumns = ["frame", "time_s", "offset_pt", "velocity_pt_s", "phase"]

  /// The header line (JSONL) or row (CSV), ending in `\n`.
  public static func headerLine(_ header: Header, format: Format) -> String {
    switch format {
    case .csv:
      return
        (csvColumns + header.outputs + ["events", csvScrollViewColumn]
        + (header.isTwoAxis ? csvHorizontalColumns : []) + csvViewColumns(header.views))
        .joined(separator: ",") + "\n"
    case .jsonl:
      let outputs = header.outputs.map(JSONWriter.string).joined(separator: ",")
      return #"{"effect":\#(JSONWriter.string(header.effect)),"format":"scrollsim-frames","#
        + #""outputs":[\#(outputs)],"refreshRate":\#(header.refreshRate),"#
        + #""trace":\#(JSONWriter.string(header.trace)),"#
        + #""version":\#(header.isTwoAxis ? twoAxisVersion : header.views.isEmpty ? version : nestedVersion)"#
        + (header.views.isEmpty
          ? "" : #","views":[\#(header.views.map(JSONWriter.string).joined(separator: ","))]"#)
        + "}\n"
    }
  }

  /// The frame-file version written for a nested chain's run: 4 (frames with `views`).
  public static let nestedVersion = 4

  /// The names of the `count` scroll views of a nested chain, outer to inner, as frame files,
  /// tables and `scrollsim diff` name them: `header` (view 0), `header1`, `header2`, … (view
  /// n, when the chain has more than one header) and `list` (the last view): the names a
  /// spec's `"scrollView"` reads them by (``/ScrollEffects/ChainView``; `headerN` is
  /// `"scrollView": N`). Empty for a count below 2 (one scroll view).
  public static func viewNames(count: Int) -> [String] {
    guard count >= 2 else { return [] }
    return (0..<count).map { NestedScrollChain.viewName($0, count: count) }
  }

  /// The CSV columns of a chain's views (version 4), after `scroll_view`: per view
  /// `NAME_offset_pt,NAME_velocity_pt_s`.
  static func csvViewColumns(_ views: [String]) -> [String] {
    views.flatMap { [$0 + csvViewOffsetSuffix, $0 + csvViewVelocitySuffix] }
  }

  /// The endings of a view's two CSV columns.
  static let csvViewOffsetSuffix = "_offset_pt"
  static let csvViewVelocitySuffix = "_velocity_pt_s"

  /// The frame-file version written for a vertical run: 2 (1 had no scroll view events).
  public static let version = 2
  /// The frame-file version written for a two-axis run: 3 (frames with `x` and `vx`).
  public static let twoAxisVersion = 3

  /// The CSV columns of the horizontal axis (version 3), after `scroll_view`.
  static let csvHorizontalColumns = ["offset_x_pt", "velocity_x_pt_s"]

  /// The CSV column of the scroll view events (version 2).
  static let csvScrollViewColumn = "scroll_view"

  /// The closing record of a whole file holding `frames` frame lines, ending in `\n`:
  /// `{"end":{"complete":true,"frames":382}}` (JSON Lines) or `# end frames=382` (CSV).
  public static func endLine(frames: Int, format: Format) -> String {
    switch format {
    case .csv: "\(csvEndPrefix)\(frames)\n"
    case .jsonl: #"{"end":{"complete":true,"frames":\#(frames)}}"# + "\n"
    }
  }

  /// The start of the CSV closing record, before the frame count.
  static let csvEndPrefix = "# end frames="

  /// One frame as a line ending in `\n`; `outputs` names ``FrameRecord/values`` in order.
  public static func line(_ record: FrameRecord, outputs: [String], format: Format) -> String {
    switch format {
    case .csv:
      let cells =
        [
          String(record.frame), JSONWriter.number(record.time), JSONWriter.number(record.offset),
          JSONWriter.number(record.velocity), record.phase,
        ]
        + record.values.map(JSONWriter.number) + [record.events.joined(separator: " ")]
        + [record.scrollViewEventTexts.map(\.text).joined(separator: " ")]
        + (record.offsetX.map { [JSONWriter.number($0), JSONWriter.number(record.velocityX ?? 0)] }
          ?? [])
        + (record.views ?? []).flatMap {
          [JSONWriter.number($0.offset), JSONWriter.number($0.velocity)]
        }
      return cells.joined(separator: ",") + "\n"
    case .jsonl:
      let events = record.events.map(JSONWriter.string).joined(separator: ",")
      let values = zip(outputs, record.values)
        .map { "\(JSONWriter.string($0)):\(JSONWriter.number($1))" }.joined(separator: ",")
      var scrollView = ""
      let list = record.scrollViewEventTexts
      if !list.isEmpty {
        scrollView =
          #""scrollView":["#
          + list.map { JSONWriter.string($0.text) }
          .joined(separator: ",") + "],"
      }
      var views = ""
      if let list = record.views {
        views =
          #","views":{"#
          + zip(viewNames(count: list.count), list).map { name, view in
            #"\#(JSONWriter.string(name)):{"offset":\#(JSONWriter.number(view.offset)),"#
              + #""velocity":\#(JSONWriter.number(view.velocity))}"#
          }.joined(separator: ",") + "}"
      }
      return #"{"events":[\#(events)],"frame":\#(record.frame),"#
        + #""offset":\#(JSONWriter.number(record.offset)),"outputs":{\#(values)},"#
        + #""phase":\#(JSONWriter.string(record.phase)),\#(scrollView)"t":\#(JSONWriter.number(record.time)),"#
        + #""velocity":\#(JSONWriter.number(record.velocity))\#(views)"#
        + (record.offsetX.map {
          #","vx":\#(JSONWriter.number(record.velocityX ?? 0)),"x":\#(JSONWriter.number($0))"#
        } ?? "") + "}\n"
    }
  }
}
