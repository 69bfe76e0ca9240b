extension DetailPhrase {
    /// French lines for details.
    public static let french: [String: DetailPhrase] = [
        "assigned": DetailPhrase("{person} assigné·e à « {title} ».", "Assigner {person} à « {title} »"),
        "unassigned": DetailPhrase("{person} retiré·e de « {title} ».", "Retirer {person} de « {title} »"),
        "labelled": DetailPhrase("Étiquette {label} posée sur « {title} ».", "Poser l’étiquette {label} sur « {title} »"),
        "unlabelled": DetailPhrase("Étiquette {label} retirée de « {title} ».", "Retirer l’étiquette {label} de « {title} »"),
        "dueDone": DetailPhrase("Échéance de « {title} » marquée terminée.", "Marquer l’échéance de « {title} » terminée"),
        "dueNotDone": DetailPhrase("Échéance de « {title} » marquée non terminée.", "Marquer l’échéance de « {title} » non terminée"),
        "commentAdded": DetailPhrase("Commentaire sur « {title} » : {text}", "Commenter « {title} » : {text}"),
        "commentEdited": DetailPhrase("Commentaire sur « {title} » modifié : {text}", "Modifier un commentaire sur « {title} »"),
        "commentDeleted": DetailPhrase("Commentaire sur « {title} » supprimé : {text}", "Supprimer un commentaire sur « {title} »"),
        "itemAdded": DetailPhrase("« {text} » ajouté à la liste de « {title} ».", "Ajouter « {text} » à la liste de « {title} »"),
        "itemRenamed": DetailPhrase("Élément « {text} » de « {title} » renommé.", "Renommer l’élément « {text} » de « {title} »"),
        "itemChecked": DetailPhrase("« {text} » coché sur « {title} ».", "Cocher « {text} » sur « {title} »"),
        "itemUnchecked": DetailPhrase("« {text} » décoché sur « {title} ».", "Décocher « {text} » sur « {title} »"),
        "itemRemoved": DetailPhrase("« {text} » retiré de la liste de « {title} ».", "Retirer « {text} » de la liste de « {title} »"),
        "itemMoved": DetailPhrase("Élément « {text} » de « {title} » déplacé en position {index}.", "Déplacer l’élément « {text} » de « {title} » en position {index}"),
        "linkAttached": DetailPhrase("Lien « {name} » joint à « {title} ».", "Joindre le lien « {name} » à « {title} »"),
        "linkRemoved": DetailPhrase("Lien « {name} » retiré de « {title} ».", "Retirer le lien « {name} » de « {title} »"),
        "memberAdded": DetailPhrase("{person} ajouté·e au tableau.", "Ajouter {person} au tableau"),
        "memberRemoved": DetailPhrase("{person} retiré·e du tableau.", "Retirer {person} du tableau"),
        "labelMade": DetailPhrase("Étiquette « {name} » créée ({colour}).", "Créer l’étiquette « {name} » ({colour})"),
        "labelRecoloured": DetailPhrase("Étiquette « {name} » passée en {colour}.", "Passer l’étiquette « {name} » en {colour}"),
        "labelRemoved": DetailPhrase("Étiquette « {name} » supprimée.", "Supprimer l’étiquette « {name} »"),
        "limitSet": DetailPhrase("Colonne « {name} » limitée à {limit} cartes.", "Limiter la colonne « {name} » à {limit} cartes"),
        "limitLifted": DetailPhrase("Limite de la colonne « {name} » levée.", "Lever la limite de la colonne « {name} »"),
    ]
}
