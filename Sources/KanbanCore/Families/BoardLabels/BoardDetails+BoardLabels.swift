/// How labels made, recoloured and removed change a board's details (evolve).
extension BoardDetails {
    /// Makes label `name` (or recolours it) `colour`, or removes it (`nil`).
    mutating func setLabel(_ name: String, colour: String?) {
        let position = labels.firstIndex { $0.name == name }
        switch (position, colour) {
        case (let position?, let colour?): labels[position].colour = colour
        case (let position?, nil): labels.remove(at: position)
        case (nil, let colour?):
            // Sorted by name, as names are: a removed label brought back returns to its place.
            let index = labels.firstIndex { $0.name > name } ?? labels.endIndex
            labels.insert(BoardLabel(name: name, colour: colour), at: index)
        case (nil, nil): break
        }
    }
}
