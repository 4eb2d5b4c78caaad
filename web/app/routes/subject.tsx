import { useParams } from 'react-router'
import { SubjectHub } from '#web/features/discovery/components/subject-hub.tsx'
import { SubjectDiscussions } from '#web/features/forums/components/subject-discussions.tsx'

export default function Subject() {
  const { subjectType = '' } = useParams()
  return (
    <SubjectHub slug={subjectType} more={(name) => <SubjectDiscussions slug={subjectType} name={name} />} />
  )
}
