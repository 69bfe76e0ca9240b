extension DetailPhrase {
    /// Korean lines for details.
    public static let korean: [String: DetailPhrase] = [
        "assigned": DetailPhrase("'{title}' 카드에 {person} 님을 배정했습니다.", "'{title}' 카드에 {person} 님 배정"),
        "unassigned": DetailPhrase("'{title}' 카드에서 {person} 님의 배정을 해제했습니다.", "'{title}' 카드에서 {person} 님 배정 해제"),
        "labelled": DetailPhrase("'{title}' 카드에 {label} 라벨을 붙였습니다.", "'{title}' 카드에 {label} 라벨 붙이기"),
        "unlabelled": DetailPhrase("'{title}' 카드에서 {label} 라벨을 뗐습니다.", "'{title}' 카드에서 {label} 라벨 떼기"),
        "dueDone": DetailPhrase("'{title}' 카드의 마감일을 완료로 표시했습니다.", "'{title}' 카드의 마감일을 완료로 표시"),
        "dueNotDone": DetailPhrase("'{title}' 카드의 마감일을 미완료로 표시했습니다.", "'{title}' 카드의 마감일을 미완료로 표시"),
        "commentAdded": DetailPhrase("'{title}' 카드에 댓글을 달았습니다: {text}", "'{title}' 카드에 댓글 달기: {text}"),
        "commentEdited": DetailPhrase("'{title}' 카드의 댓글을 수정했습니다: {text}", "'{title}' 카드의 댓글 수정"),
        "commentDeleted": DetailPhrase("'{title}' 카드의 댓글을 삭제했습니다: {text}", "'{title}' 카드의 댓글 삭제"),
        "itemAdded": DetailPhrase("'{title}' 카드의 체크리스트에 '{text}' 항목을 추가했습니다.", "'{title}' 카드의 체크리스트에 '{text}' 항목 추가"),
        "itemRenamed": DetailPhrase("'{title}' 카드의 체크리스트 항목 '{text}'의 이름을 바꿨습니다.", "'{title}' 카드의 체크리스트 항목 '{text}' 이름 변경"),
        "itemChecked": DetailPhrase("'{title}' 카드의 '{text}' 항목을 체크했습니다.", "'{title}' 카드의 '{text}' 항목 체크"),
        "itemUnchecked": DetailPhrase("'{title}' 카드의 '{text}' 항목 체크를 해제했습니다.", "'{title}' 카드의 '{text}' 항목 체크 해제"),
        "itemRemoved": DetailPhrase("'{title}' 카드의 체크리스트에서 '{text}' 항목을 삭제했습니다.", "'{title}' 카드의 체크리스트에서 '{text}' 항목 삭제"),
        "itemMoved": DetailPhrase("'{title}' 카드의 체크리스트 항목 '{text}'을(를) {index}번 위치로 옮겼습니다.", "'{title}' 카드의 체크리스트 항목 '{text}'을(를) {index}번 위치로 이동"),
        "linkAttached": DetailPhrase("'{title}' 카드에 '{name}' 링크를 첨부했습니다.", "'{title}' 카드에 '{name}' 링크 첨부"),
        "linkRemoved": DetailPhrase("'{title}' 카드에서 '{name}' 링크를 삭제했습니다.", "'{title}' 카드에서 '{name}' 링크 삭제"),
        "memberAdded": DetailPhrase("{person} 님을 보드 멤버로 추가했습니다.", "{person} 님을 보드 멤버로 추가"),
        "memberRemoved": DetailPhrase("{person} 님을 보드 멤버에서 제외했습니다.", "{person} 님을 보드 멤버에서 제외"),
        "labelMade": DetailPhrase("'{name}' 라벨({colour})을 만들었습니다.", "'{name}' 라벨({colour}) 만들기"),
        "labelRecoloured": DetailPhrase("'{name}' 라벨의 색을 {colour}(으)로 바꿨습니다.", "'{name}' 라벨의 색을 {colour}(으)로 변경"),
        "labelRemoved": DetailPhrase("'{name}' 라벨을 삭제했습니다.", "'{name}' 라벨 삭제"),
        "limitSet": DetailPhrase("'{name}' 열의 카드 수를 {limit}장으로 제한했습니다.", "'{name}' 열의 카드 수를 {limit}장으로 제한"),
        "limitLifted": DetailPhrase("'{name}' 열의 카드 수 제한을 해제했습니다.", "'{name}' 열의 카드 수 제한 해제"),
    ]
}
