/**
 * Why the site was not updated, in words an editor understands (wp-admin shows them: the posts
 * list's "Site public" column, the notice on every screen). The operator's log keeps the details.
 */
export function editorReason(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  switch (name) {
    case 'WordPressError':
    case 'ResponseRefusedError':
    case 'ContentError':
      return "le service de construction n’a pas pu lire les articles dans WordPress";
    case 'DataError':
      return `un fichier de données du club est invalide (${fileOf(message) ?? 'voir le journal du service'}) : la personne qui gère le site doit le corriger`;
    case 'ShrinkError':
      return "WordPress a renvoyé bien moins d’articles que le site n’en montre : par prudence, le site n’a pas été modifié";
    case 'PublishError':
      return "les pages sont prêtes mais leur envoi vers l’hébergement a échoué";
    case 'MediaCacheError':
    case 'WriteError':
      return "le serveur n’a pas pu écrire les pages (disque plein ou droits)";
    default:
      if (/fetch failed|ECONNREFUSED|ENOTFOUND|ETIMEDOUT|EAI_AGAIN|timed? ?out/i.test(message)) return "le service de construction n’a pas pu joindre WordPress";
      if (/ENOSPC|EACCES|EPERM|EROFS|EIO/.test(message)) return "le serveur n’a pas pu écrire les pages (disque plein ou droits)";
      return 'erreur lors de la construction du site (détails dans le journal du service)';
  }
}

/** The data file a DataError names, with its folder ('season/2025-26.json' of '…/data/season/2025-26.json: match 12: …'). */
function fileOf(message: string): string | undefined {
  return /((?:[\w.-]+\/)?[\w.-]+\.json)\b/.exec(message)?.[1];
}
