extension Phrasebook {
    /// French: « Carte « X » déplacée de TODO vers DOING. »
    public static let french = Phrasebook(
        added: "Carte « {title} » ajoutée.",
        moved: "Carte « {title} » déplacée de {from} vers {to}.",
        reordered: "Carte « {title} » réordonnée dans {column}.",
        removed: "Carte « {title} » retirée de {column}.",
        edited: "Carte « {title} » modifiée : {fields}.",
        undid: "Annulé : {line}",
        redid: "Rétabli : {line}",
        boardCreated: "Tableau « {name} » créé.",
        boardRenamed: "Tableau « {from} » renommé en « {to} ».",
        boardRemoved: "Tableau « {name} » supprimé.",
        columnAdded: "Colonne « {name} » ajoutée.",
        columnRenamed: "Colonne « {from} » renommée en « {to} ».",
        columnRemoved: "Colonne « {name} » supprimée.",
        restored: "Tableau restauré à #{sequence} ({date}).",
        add: "Ajouter « {title} »",
        move: "Déplacer « {title} » de {from} vers {to}",
        reorder: "Réordonner « {title} » dans {column}",
        remove: "Retirer « {title} » de {column}",
        edit: "Modifier « {title} » : {fields}",
        createBoard: "Créer le tableau « {name} »",
        renameBoard: "Renommer le tableau « {from} » en « {to} »",
        removeBoard: "Supprimer le tableau « {name} »",
        addColumn: "Ajouter la colonne « {name} »",
        renameColumn: "Renommer la colonne « {from} » en « {to} »",
        removeColumn: "Supprimer la colonne « {name} »",
        restore: "Restaurer le tableau à #{sequence} ({date})",
        undoNext: "Annuler : {line}",
        redoNext: "Rétablir : {line}",
        nothingToUndo: "Rien à annuler.",
        nothingToRedo: "Rien à rétablir.",
        title: "titre",
        description: "description",
        dueDate: "échéance",
        fieldSeparator: ", ",
        formatDate: { year, month, day, hour, minute in
            "\(pad2(day))/\(pad2(month))/\(year) \(pad2(hour)):\(pad2(minute))"
        }
    )
}
