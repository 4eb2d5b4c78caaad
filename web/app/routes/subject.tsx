import { useParams } from 'react-router'
import { SubjectHub } from '#web/features/discovery/components/subject-hub.tsx'

export default function Subject() {
  const { subjectType = '' } = useParams()
  return <SubjectHub slug={subjectType} />
}
