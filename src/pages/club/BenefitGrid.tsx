/** The partnership benefit boxes, on the home banner and on the 'Devenir partenaire' page. */
export function BenefitGrid({ benefits }: { benefits: readonly { title: string; text: string }[] }) {
  return (
    <ul className="benefit-grid">
      {benefits.map((benefit) => (
        <li className="benefit-box" key={benefit.title}>
          <h3>{benefit.title}</h3>
          <p>{benefit.text}</p>
        </li>
      ))}
    </ul>
  );
}
