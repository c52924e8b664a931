/** Static team data (spec section 3: Team, Match, Player). Extended by the team pages. */
export interface Team {
  id: number;
  name: string;
  salle: string;
  logo: string;
}

export interface TeamData {
  teams: Team[];
}
