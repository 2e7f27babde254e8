# The tour book (issue 36): the whole tour in one Markdown file, attached to its last post.

book-title = { $tour }: the tour book
book-intro = { $stages ->
    [one] One stage
   *[other] { $stages } stages
}, { $teams ->
    [one] one team
   *[other] { $teams } teams
}: each stage's winner, the jerseys after it and its decisive moments, then the podiums and the awards.
book-stage = Stage { $stage }, { $course }
book-winner = Won by **{ $rider }** ({ $team })
book-jersey = { $classification }: { $rider }
book-moment = { $turn }: { $what }
book-rejoined = { $rider } came back into the race by the repêchage vote
book-podiums = The podiums
book-awards = The awards
book-pictures = The pictures
book-pictures-intro = The pictures posted with this book, beside it: keep the post's files together in one folder to see them here.
book-picture-replay = Stage { $stage }, turn by turn (animation)
book-picture-standings = { $classification } after the last stage
book-picture-chart = { $classification }, stage by stage
award-stage-wins = Most stage wins: **{ $rider }**, { $wins ->
    [one] one stage
   *[other] { $wins } stages
}
award-jersey-days = { $classification }, the most days in the lead: **{ $rider }**, { $days ->
    [one] one stage
   *[other] { $days } stages
}
award-exhaustion = The heaviest legs: **{ $rider }**, { $cards ->
    [one] one exhaustion card
   *[other] { $cards } exhaustion cards
} at the end of stage { $stage }
award-climb = { $classification }, the greatest climb from the first stage to the last: **{ $rider }**, { $places ->
    [one] one place
   *[other] { $places } places
} gained
book-attached = 📖 The whole tour, stage by stage, is in the tour book attached ({ $file }).
