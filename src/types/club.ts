/** Static club data (spec section 3: Partner). Extended by the club pages. */
export type PartnerType = 'major' | 'classic' | 'public' | 'official' | 'provider';

export interface Partner {
  name: string;
  type: PartnerType;
  link: string;
  /** Root-relative path of a local logo; absent: the name is shown instead. */
  img?: string;
}

export interface ClubData {
  partners: Partner[];
}
