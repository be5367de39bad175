import CaptureCore

/// The printed fields read on one document side.
package struct VizReading: Sendable, Equatable {
    /// One field's value.
    package struct FieldValue: Sendable, Equatable {
        /// Which field.
        package var field: VizField
        /// The value, cleaned for its kind: names upper case with their diacritics and single
        /// spaces, codes without spaces, sex `M`/`F`/`X`, dates as printed (see ``date``).
        package var value: String
        /// The text the recogniser returned for the value's line(s), before cleaning.
        package var rawText: String
        /// The date, for date fields.
        package var date: VizDate?
        /// The recogniser's confidence, 0...1 (the lowest of the value's lines).
        package var confidence: Double
        /// Where the value was read, in millimetres on the rectified document.
        package var box: VizLayout.Zone
        /// Which of the reader's candidates (``VizReader/candidates``, from 0) gave the value
        /// (evaluation: which preparation a misread came from).
        package var candidate: Int

        package init(
            field: VizField, value: String, rawText: String, date: VizDate?, confidence: Double, box: VizLayout.Zone,
            candidate: Int = 0
        ) {
            self.field = field
            self.value = value
            self.rawText = rawText
            self.date = date
            self.confidence = confidence
            self.box = box
            self.candidate = candidate
        }
    }

    /// The layout that was read (``VizLayout/id``).
    package var layoutID: String
    /// The fields read, in ``VizField`` order. A field that failed its checks is absent.
    package var fields: [FieldValue]
    /// Fields the layout has but that were not read (no text found, low confidence, or a value
    /// that fails its kind's checks).
    package var notRead: [VizField]
    /// For the fields not read whose lines were found: the text read and why it was declined, or
    /// that the field was not tried because the layout did not fit (evaluation and debugging; holds
    /// personal data, never log it).
    package var declined: [VizField: String]

    /// A name one of the reader's candidates read and checked for the name kind, whether or not it
    /// was taken, kept for the check against the MRZ
    /// (``confirmingNames(primary:secondary:namesComplete:maximumStrokeDoubt:)``).
    package struct NameRead: Sendable, Equatable {
        /// The value, cleaned as a name (``FieldValue/value``).
        package var value: String
        /// The text the recogniser returned.
        package var rawText: String
        /// The recogniser's confidence, 0...1.
        package var confidence: Double
        /// The highest confidence of a plain letter weighed beside a stroked one read
        /// (``VizReader/strokeDoubt(_:)``): the doubt a comparison with the MRZ cannot lift.
        package var strokeDoubt: Double
        /// Where the value was read, in millimetres on the rectified document.
        package var box: VizLayout.Zone
        /// Which of the reader's candidates read it.
        package var candidate: Int

        package init(
            value: String, rawText: String, confidence: Double, strokeDoubt: Double, box: VizLayout.Zone,
            candidate: Int
        ) {
            self.value = value
            self.rawText = rawText
            self.confidence = confidence
            self.strokeDoubt = strokeDoubt
            self.box = box
            self.candidate = candidate
        }
    }

    /// The names every candidate read, in the order read, per name field (taken or not); empty
    /// where the layout did not fit.
    package var nameReads: [VizField: [NameRead]]

    package init(
        layoutID: String, fields: [FieldValue], notRead: [VizField], declined: [VizField: String] = [:],
        nameReads: [VizField: [NameRead]] = [:]
    ) {
        self.layoutID = layoutID
        self.fields = fields
        self.notRead = notRead
        self.declined = declined
        self.nameReads = nameReads
    }

    /// The value of `field`, if read.
    package subscript(field: VizField) -> FieldValue? { fields.first { $0.field == field } }
}
