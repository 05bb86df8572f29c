/**
 * "UG · B.COM.": the course and the degree, each isolated, so that in a right-to-left language a
 * name's last dot stays at its end rather than jumping to the front of the pair.
 */
export function CourseAndDegree({ course, degree }: { course: string; degree: string }) {
  return (
    <>
      <bdi>{course}</bdi> · <bdi>{degree}</bdi>
    </>
  );
}
