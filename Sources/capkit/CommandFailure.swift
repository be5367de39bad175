/// A command that could not do its work, for a reason that is not a usage mistake: printed as
/// `Error: <message>` without the usage text, exit status 1.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
