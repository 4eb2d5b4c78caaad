import { useParams } from 'react-router'
import { SubjectBooks } from '#web/features/books/components/book-shelves.tsx'
import { SubjectHub } from '#web/features/discovery/components/subject-hub.tsx'
import { SubjectExams } from '#web/features/exams/components/subject-exams.tsx'
import { SubjectDiscussions } from '#web/features/forums/components/subject-discussions.tsx'
import { SubjectMastery } from '#web/features/mastery/components/subject-mastery.tsx'

export default function Subject() {
  const { subjectType = '' } = useParams()
  return (
    <SubjectHub
      slug={subjectType}
      more={(name) => (
        <>
          <SubjectMastery slug={subjectType} name={name} />
          <SubjectBooks slug={subjectType} name={name} />
          <SubjectExams slug={subjectType} name={name} />
          <SubjectDiscussions slug={subjectType} name={name} />
        </>
      )}
    />
  )
}
