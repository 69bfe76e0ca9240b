extension Phrasebook {
    /// Korean: "'X' 카드를 TODO에서 DOING(으)로 옮겼습니다."
    public static let korean = Phrasebook(
        added: "'{title}' 카드를 추가했습니다.",
        moved: "'{title}' 카드를 {from}에서 {to}(으)로 옮겼습니다.",
        reordered: "{column}에서 '{title}' 카드의 순서를 바꿨습니다.",
        removed: "{column}에서 '{title}' 카드를 삭제했습니다.",
        edited: "'{title}' 카드를 수정했습니다: {fields}.",
        undid: "실행 취소: {line}",
        redid: "다시 실행: {line}",
        boardCreated: "'{name}' 보드를 만들었습니다.",
        boardRenamed: "'{from}' 보드의 이름을 '{to}'(으)로 바꿨습니다.",
        boardRemoved: "'{name}' 보드를 삭제했습니다.",
        columnAdded: "'{name}' 열을 추가했습니다.",
        columnRenamed: "'{from}' 열의 이름을 '{to}'(으)로 바꿨습니다.",
        columnRemoved: "'{name}' 열을 삭제했습니다.",
        restored: "보드를 #{sequence} ({date}) 시점으로 되돌렸습니다.",
        add: "'{title}' 카드 추가",
        move: "'{title}' 카드를 {from}에서 {to}(으)로 이동",
        reorder: "{column}에서 '{title}' 카드 순서 변경",
        remove: "{column}에서 '{title}' 카드 삭제",
        edit: "'{title}' 카드 수정: {fields}",
        createBoard: "'{name}' 보드 만들기",
        renameBoard: "'{from}' 보드 이름을 '{to}'(으)로 변경",
        removeBoard: "'{name}' 보드 삭제",
        addColumn: "'{name}' 열 추가",
        renameColumn: "'{from}' 열 이름을 '{to}'(으)로 변경",
        removeColumn: "'{name}' 열 삭제",
        restore: "보드를 #{sequence} ({date}) 시점으로 되돌리기",
        undoNext: "실행 취소: {line}",
        redoNext: "다시 실행: {line}",
        nothingToUndo: "실행 취소할 작업이 없습니다.",
        nothingToRedo: "다시 실행할 작업이 없습니다.",
        title: "제목",
        description: "설명",
        dueDate: "마감일",
        fieldSeparator: ", ",
        formatDate: { year, month, day, hour, minute in
            "\(year)년 \(month)월 \(day)일 \(pad2(hour)):\(pad2(minute))"
        }
    )
}
