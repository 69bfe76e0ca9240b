extension DetailPhrase {
    /// English lines for details.
    public static let english: [String: DetailPhrase] = [
        "assigned": DetailPhrase("Assigned {person} to '{title}'.", "Assign {person} to '{title}'"),
        "unassigned": DetailPhrase("Unassigned {person} from '{title}'.", "Unassign {person} from '{title}'"),
        "labelled": DetailPhrase("Labelled '{title}' {label}.", "Label '{title}' {label}"),
        "unlabelled": DetailPhrase("Took label {label} off '{title}'.", "Take label {label} off '{title}'"),
        "dueDone": DetailPhrase("Marked the due date of '{title}' done.", "Mark the due date of '{title}' done"),
        "dueNotDone": DetailPhrase("Marked the due date of '{title}' not done.", "Mark the due date of '{title}' not done"),
        "commentAdded": DetailPhrase("Commented on '{title}': {text}", "Comment on '{title}': {text}"),
        "commentEdited": DetailPhrase("Edited a comment on '{title}': {text}", "Edit a comment on '{title}'"),
        "commentDeleted": DetailPhrase("Deleted a comment on '{title}': {text}", "Delete a comment on '{title}'"),
        "itemAdded": DetailPhrase("Added '{text}' to the checklist of '{title}'.", "Add '{text}' to the checklist of '{title}'"),
        "itemRenamed": DetailPhrase("Renamed checklist item '{text}' of '{title}'.", "Rename checklist item '{text}' of '{title}'"),
        "itemChecked": DetailPhrase("Checked '{text}' on '{title}'.", "Check '{text}' on '{title}'"),
        "itemUnchecked": DetailPhrase("Unchecked '{text}' on '{title}'.", "Uncheck '{text}' on '{title}'"),
        "itemRemoved": DetailPhrase("Removed '{text}' from the checklist of '{title}'.", "Remove '{text}' from the checklist of '{title}'"),
        "itemMoved": DetailPhrase("Moved checklist item '{text}' of '{title}' to position {index}.", "Move checklist item '{text}' of '{title}' to position {index}"),
        "linkAttached": DetailPhrase("Attached link '{name}' to '{title}'.", "Attach link '{name}' to '{title}'"),
        "linkRemoved": DetailPhrase("Removed link '{name}' from '{title}'.", "Remove link '{name}' from '{title}'"),
        "memberAdded": DetailPhrase("Added {person} to the board.", "Add {person} to the board"),
        "memberRemoved": DetailPhrase("Removed {person} from the board.", "Remove {person} from the board"),
        "labelMade": DetailPhrase("Made label '{name}' ({colour}).", "Make label '{name}' ({colour})"),
        "labelRecoloured": DetailPhrase("Made label '{name}' {colour}.", "Make label '{name}' {colour}"),
        "labelRemoved": DetailPhrase("Removed label '{name}'.", "Remove label '{name}'"),
        "limitSet": DetailPhrase("Limited column '{name}' to {limit} cards.", "Limit column '{name}' to {limit} cards"),
        "limitLifted": DetailPhrase("Lifted the limit of column '{name}'.", "Lift the limit of column '{name}'"),
    ]
}
