import type { Random } from './prng.js';

// Raw material for synthetic club news. Titles carry the entities WordPress (fr_FR) really sends:
// &#8217; for a straight apostrophe, &#038; for &, &laquo;&nbsp;…&nbsp;&raquo; for straight quotes.

export const CATEGORY_NAMES = [
  'Équipe pro',
  'Club',
  'Jeunes &amp; formation',
  'Partenaires',
  'Billetterie',
  'Vie associative',
  'Médias',
  'Non classé',
] as const;

export const TAG_NAMES = [
  'Victoire', 'Défaite', 'Derby', 'Abonnements', 'Kop', 'Vidéo', 'Bénévolat', 'Centre de formation',
  'Betclic Elite', 'Coupe de France', 'Playoffs', 'Recrutement', 'Blessure', 'Interview', 'Galerie photos',
  'Boutique', 'Billets', 'Palais des sports', 'U13', 'U15', 'U17', 'U21', 'Espoirs', 'Féminines',
  'École de basket', 'Stage', 'Partenaire maillot', 'Soirée VIP', 'Assemblée générale', 'Mécénat',
  'Supporters', 'Déplacement', 'Avant-match', 'Après-match', 'Conférence de presse', 'Statistiques',
  'Histoire', 'Anciens', 'Solidarité', 'Nouvelle saison',
] as const;

const OPPONENTS = [
  'Boulazac', 'Nanterre', 'Gravelines-Dunkerque', 'Châlons-Reims', 'Le Mans', 'Cholet', 'Limoges',
  'Strasbourg', 'Dijon', 'Bourg-en-Bresse', 'Pau-Lacq-Orthez', 'Le Portel', 'Chalon-sur-Saône', 'Blois',
];

const TITLE_TEMPLATES: ReadonlyArray<(opponent: string, n: number) => string> = [
  (o) => `Le SQBB s’impose face à ${o} au terme d’un match fou`,
  (o, n) => `Défaite frustrante à ${o} (${70 + (n % 15)}-${72 + (n % 13)})`,
  (o) => `Derby : Saint-Quentin – ${o}, l’avant-match`,
  () => 'Le coach : &laquo;&nbsp;On y croit jusqu&rsquo;au bout&nbsp;&raquo;',
  () => 'Billets pour la Coupe de France : mode d&#8217;emploi',
  () => 'Partenaires &#038; mécènes réunis pour la soirée de rentrée',
  (o) => `L’équipe pro en déplacement à ${o}`,
  (_, n) => `Les U${13 + 2 * (n % 4)} championnes régionales, bravo les filles !`,
  () => 'Recrutement : un meneur américain rejoint l’effectif',
  () => 'Point médical : l’ailier forfait pour trois semaines',
  (_, n) => `Abonnements ${2020 + (n % 7)}-${2021 + (n % 7)} : l’ouverture, c’est maintenant`,
  () => 'Interview croisée : capitaine et président, « même combat »',
  () => 'Stage de Toussaint : l’école de basket affiche complet',
  () => 'Retour en images sur la soirée des partenaires',
];

const SENTENCES = [
  'Devant 3 200 spectateurs, le Palais des sports Pierre-Ratte a vibré jusqu’à la dernière seconde.',
  'Le groupe a su rester soudé malgré un début de rencontre compliqué.',
  'Les supporters du Kop n’ont jamais cessé de chanter, même lorsque l’écart dépassait dix points.',
  'L’école de basket accueille les enfants dès 5 ans, le mercredi après-midi.',
  'Merci à nos partenaires, fidèles au poste depuis de nombreuses saisons.',
  'Côté infirmerie, le point sera fait en début de semaine prochaine.',
  'Rendez-vous samedi à 20h00 pour la prochaine rencontre à domicile.',
  'Une minute d’applaudissements a été observée en hommage à notre ancien président.',
  'Les billets sont disponibles à la boutique du club et sur la billetterie en ligne.',
  'Le staff technique a longuement analysé la vidéo du dernier match avant l’entraînement.',
  'Les bénévoles ont préparé la salle dès le matin : buvette, accueil et animations.',
  'Le meneur a distribué neuf passes décisives et provoqué quatre fautes adverses.',
  'La défense de zone a fait basculer la rencontre au cœur du troisième quart-temps.',
  'Les jeunes du centre de formation ont assuré le spectacle à la mi-temps.',
  'Le président a rappelé l’importance du soutien des collectivités et des entreprises locales.',
  'Cette victoire permet au club de remonter à la septième place du classement.',
];

const EMPHASES = [
  'Le staff technique salue « l’état d’esprit irréprochable » de l’effectif.',
  'La rencontre sera retransmise en direct sur la chaîne de la ligue.',
  'Les portes du Palais des sports ouvriront une heure avant le coup d’envoi.',
];

const LIST_ITEMS = [
  '18 points pour le meilleur marqueur', '52 % de réussite aux tirs', '3 200 spectateurs',
  '11 rebonds offensifs', '24 passes décisives', '7 interceptions', '4 contres', '89 % aux lancers francs',
];

const QUOTES = ['On a montré du caractère, il faudra confirmer samedi.', 'Ce public nous porte, c’est notre sixième homme.'];
const QUOTE_AUTHORS = ['L’entraîneur du SQBB', 'Le capitaine', 'Le président du club'];

export const AUTHORS = [
  { id: 1, name: 'Rédaction SQBB', slug: 'admin', description: 'Le service communication du club.' },
  { id: 2, name: 'Julie Lefèvre', slug: 'jlefevre', description: 'Photographe et rédactrice.' },
  { id: 3, name: 'Marc Dubois', slug: 'mdubois', description: '' },
] as const;

export function postTitle(random: Random, n: number): string {
  return random.pick(TITLE_TEMPLATES)(random.pick(OPPONENTS), n);
}

function sentences(random: Random, count: number): string {
  const parts: string[] = [];
  for (let index = 0; index < count; index += 1) parts.push(random.pick(SENTENCES));
  return parts.join(' ');
}

/** An image block exactly as the WordPress block editor writes it. */
export type InlineImage = (width: number, height: number) => { src: string; srcset: string; alt: string; id: number };

/** A body of 4 to 9 blocks in the block editor's markup (blank lines between blocks, as WordPress sends them). */
export function postContent(random: Random, titleText: string, image: InlineImage): string {
  const blocks = [`<p><strong>${titleText}.</strong> ${sentences(random, random.int(2, 4))}</p>`];
  const count = random.int(3, 8);
  for (let index = 0; index < count; index += 1) {
    const kind = random.int(0, 9);
    if (kind <= 3) blocks.push(`<p>${sentences(random, random.int(2, 5))}</p>`);
    else if (kind === 4) blocks.push(`<p>${sentences(random, 2)} <em>${random.pick(EMPHASES)}</em></p>`);
    else if (kind === 5) {
      blocks.push(`<p>${sentences(random, 1)} Toutes les informations sur <a href="https://www.sqbb.fr/billetterie">la billetterie en ligne</a>.</p>`);
    } else if (kind === 6) {
      blocks.push('<h2>Les chiffres clés</h2>');
      const items = Array.from({ length: random.int(3, 5) }, () => `<li>${random.pick(LIST_ITEMS)}</li>`);
      blocks.push(`<ul>${items.join('')}</ul>`);
    } else if (kind === 7) {
      blocks.push(`<blockquote class="wp-block-quote"><p>${random.pick(QUOTES)}</p><cite>${random.pick(QUOTE_AUTHORS)}</cite></blockquote>`);
    } else if (kind === 8 && random.chance(0.5)) {
      const img = image(1024, 576);
      blocks.push(
        `<figure class="wp-block-image size-large"><img decoding="async" loading="lazy" width="1024" height="576" src="${img.src}" alt="${img.alt}" class="wp-image-${img.id}" srcset="${img.srcset}" sizes="(max-width: 1024px) 100vw, 1024px" /><figcaption class="wp-element-caption">Photo : SQBB / J. Lefèvre</figcaption></figure>`,
      );
    } else blocks.push(`<p>${sentences(random, random.int(1, 3))}</p>`);
  }
  return `\n${blocks.join('\n\n\n\n')}\n`;
}

/** WordPress's automatic excerpt: the first 55 words of the text, then [&hellip;]. */
export function autoExcerpt(contentHtml: string): string {
  const words = contentHtml.replace(/<[^>]+>/g, ' ').split(/\s+/).filter(Boolean);
  return `<p>${words.slice(0, 55).join(' ')} [&hellip;]</p>\n`;
}
