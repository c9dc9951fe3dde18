"""Wording for the synthetic benchmark: normal statements, routine negatives, sentence
templates for findings, devices and the impression, and text without mentions (indication,
technique, filler). Slots are described in ``templates``."""

from __future__ import annotations

# Structures whose "normal" statements are tracked per structure (GUIDELINE finding rule 4):
# (region, structure, templates where {T} is the normal word, the words that fit).
_PLAIN = ("unremarkable", "normal", "unremarkable", "within normal limits")
NORMALS: tuple[tuple[str, str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("chest", "heart", ("The heart size is {T}.", "Heart size is {T}.",
                        "The cardiac silhouette is {T} in size."), ("normal", "normal",
                                                                     "within normal limits")),
    ("chest", "mediastinum", ("The mediastinal contours are {T}.",
                              "Mediastinal and hilar contours are {T}."),
     ("unremarkable", "normal", "within normal limits")),
    ("chest", "lungs", ("The lungs are otherwise {T}.", "Lungs are {T}."), ("clear",)),
    ("chest", "bones", ("Osseous structures are {T}.", "The visualized bones are {T}."),
     ("intact", "unremarkable")),
    ("head", "ventricles", ("The ventricles and sulci are {T} in size and configuration.",
                            "Ventricles are {T} in size."), ("normal", "normal",
                                                             "within normal limits")),
    ("head", "basal cisterns", ("The basal cisterns are {T}.",
                                "Basal cisterns appear {T}."), ("preserved", "patent")),
    ("head", "mastoid air cells", ("The mastoid air cells are {T}.",
                                   "Mastoid air cells are {T}."), ("clear", "well aerated")),
    ("head", "calvarium", ("The calvarium is {T}.", "The skull is {T}."),
     ("intact", "unremarkable")),
    ("abdomen", "liver", ("The liver is {T}.", "Liver: {T}.", "The liver appears {T}."),
     _PLAIN),
    ("abdomen", "spleen", ("The spleen is {T}.", "Spleen: {T}."), _PLAIN),
    ("abdomen", "pancreas", ("The pancreas is {T}.", "Pancreas: {T}."), _PLAIN),
    ("abdomen", "kidneys", ("The kidneys are {T}.", "Kidneys: {T}."), _PLAIN),
    ("abdomen", "adrenal glands", ("The adrenal glands are {T}.", "Adrenals: {T}."), _PLAIN),
    ("abdomen", "appendix", ("The appendix is {T}.", "The appendix is seen and is {T}."),
     ("normal", "unremarkable")),
    ("abdomen", "bowel gas pattern", ("The bowel gas pattern is {T}.",
                                      "Bowel gas pattern is {T}."),
     ("unremarkable", "nonobstructive", "normal")),
    ("abdomen", "gallbladder", ("The gallbladder is {T}.", "Gallbladder: {T}."), _PLAIN),
    ("abdomen", "urinary bladder", ("The urinary bladder is {T}.", "Bladder: {T}."), _PLAIN),
    ("abdomen", "stomach", ("The stomach and duodenum are {T}.", "Stomach: {T}."), _PLAIN),
    ("abdomen", "aorta", ("The abdominal aorta is {T} in caliber.", "The aorta is {T} in caliber."),
     ("normal", "normal")),
    ("abdomen", "lymph nodes", ("Lymph nodes are {T} in size.",
                                "Retroperitoneal and mesenteric lymph nodes are {T}."),
     ("normal", "within normal limits")),
    ("head", "gray-white differentiation", ("Gray-white matter differentiation is {T}.",
                                            "The gray-white matter differentiation is {T}."),
     ("preserved", "maintained")),
    ("head", "paranasal sinuses", ("The visualized paranasal sinuses are {T}.",
                                   "Paranasal sinuses are {T}."), ("clear", "well aerated")),
    ("head", "orbits", ("The orbits are {T}.", "Visualized orbits are {T}."),
     ("unremarkable", "normal")),
    ("spine", "spinal canal", ("The spinal canal is {T} in caliber.",
                               "The central canal is {T}."), ("normal", "patent")),
    ("spine", "facet joints", ("The facet joints are {T}.", "Facet alignment is {T}."),
     ("aligned", "maintained", "normal")),
    ("spine", "vertebral body heights", ("Vertebral body heights are {T}.",
                                         "Vertebral body heights are {T} throughout."),
     ("preserved", "maintained")),
    ("spine", "alignment", ("Alignment is {T}.", "Cervical alignment is {T}."),
     ("normal", "anatomic", "preserved")),
)

# Routine negative statements: (region, kind key (never seen before), template with {T}).
# Each is its own mention (GUIDELINE finding rule 7).
NEGATIVES: tuple[tuple[str, str, str], ...] = (
    ("chest", "pneumothorax", "No {T}."),
    ("chest", "pneumothorax", "There is no {T}."),
    ("chest", "pleural effusion", "No {T}."),
    ("chest", "pleural effusion", "There is no large {T}."),
    ("chest", "pneumonia", "No focal {T}."),
    ("chest", "pneumonia", "There is no focal {T}."),
    ("chest", "pulmonary edema", "No {T}."),
    ("chest", "pulmonary edema", "There is no evidence of {T}."),
    ("head", "intracranial hemorrhage", "There is no {T}."),
    ("head", "intracranial hemorrhage", "No acute {T}."),
    ("head", "midline shift", "There is no {T}."),
    ("head", "infarct", "No evidence of acute {T}."),
    ("head", "skull fracture", "No {T} is identified."),
    ("head", "hydrocephalus", "No {T}."),
    ("abdomen", "free air", "No {T}."),
    ("abdomen", "free air", "There is no {T}."),
    ("abdomen", "bowel obstruction", "No evidence of {T}."),
    ("abdomen", "ascites", "No {T}."),
    ("abdomen", "lymphadenopathy", "No {T}."),
    ("abdomen", "abscess", "No drainable {T}."),
    ("spine", "spine fracture", "No acute {T}."),
    ("spine", "spine fracture", "There is no {T}."),
    ("spine", "prevertebral swelling", "No {T}."),
)
NEGATIVE_TERMS: dict[str, tuple[str, ...]] = {
    "pneumothorax": ("pneumothorax",),
    "pleural effusion": ("pleural effusion", "effusion"),
    "pneumonia": ("consolidation", "airspace consolidation", "opacity"),
    "pulmonary edema": ("pulmonary edema", "edema"),
    "intracranial hemorrhage": ("intracranial hemorrhage", "hemorrhage"),
    "midline shift": ("midline shift", "shift of midline structures"),
    "infarct": ("infarct", "territorial infarction"),
    "skull fracture": ("skull fracture", "fracture"),
    "hydrocephalus": ("hydrocephalus",),
    "free air": ("free air", "pneumoperitoneum", "free intraperitoneal air"),
    "bowel obstruction": ("bowel obstruction", "obstruction"),
    "ascites": ("ascites", "free fluid"),
    "lymphadenopathy": ("lymphadenopathy", "adenopathy"),
    "abscess": ("fluid collection", "abscess", "collection"),
    "spine fracture": ("fracture",),
    "prevertebral swelling": ("prevertebral soft tissue swelling",),
}

# -- finding sentences ---------------------------------------------------------------------
# New finding (place known). {at} = "<prep> <noun>".
NEW_FINDING = (  # a prior exam of the region exists: the text says the finding is new
    "There is a new {size} {adj} {T}.",
    "New {size} {adj} {T}.",
    "A {size} {T} is newly seen {at}.",
    "{Size} {T} is now present {at}.",
    "Interval development of a {size} {T} {at}.",
    "There is a new {size} {T} {at}.",
    "{Size} {adj} {T} is newly noted.",
    "Findings are notable for a new {size} {adj} {T}.",
    "There is {size} {T} {at}, not seen on the prior study.",
    "A {size} {adj} {T} has developed since the prior exam.",
)
NEW_FINDING_FIRST = (  # the patient's first exam of the region: nothing to compare with
    "There is a {size} {adj} {T}.",
    "A {size} {T} is seen {at}.",
    "{Size} {T} is present {at}.",
    "{Size} {adj} {T} is noted.",
    "Findings are notable for a {size} {adj} {T}.",
    "There is {size} {T} {at}.",
)
HEDGED_FINDING = (
    "Possible {size} {adj} {T}.",
    "Questionable {size} {T} {at}.",
    "There may be a {size} {adj} {T}.",
    "A {size} {T} {at} cannot be excluded.",
    "Findings could reflect a {size} {adj} {T}.",
)
PAIRED_FINDING = (  # descriptive term {T} plus diagnostic term {T2} for one process
    "{Size} {T} {at}, which may represent {T2}.",
    "There is a {size} {adj} {T}, concerning for {T2}.",
    "{Size} {adj} {T}, likely {T2}.",
    "New {size} {T} {at} is suspicious for {T2}.",
)
CHANGE_WORDS = (  # (chg adjective, chgn noun, chgv past participle, change value)
    ("slightly larger", "increase", "increased", "increased"),
    ("larger", "enlargement", "enlarged", "increased"),
    ("smaller", "decrease", "decreased", "decreased"),
    ("slightly smaller", "decrease", "decreased in size", "decreased"),
    ("improved", "improvement", "improved", "improved"),
    ("worse", "worsening", "worsened", "worsened"),
    ("unchanged", "no change", "remained unchanged", "stable"),
    ("stable", "no significant change", "remained stable", "stable"),
    ("similar in appearance", "no substantial change", "not changed", "stable"),
)
CHANGED_FINDING = (
    "The {adj} {T} is {chg} compared to the prior study.",
    "{Chg} {size} {adj} {T}.",
    "Previously seen {adj} {T} has {chgv}.",
    "The {T} {at} appears {chg}.",
    "There has been {chgn} in the {adj} {T}.",
    "Again seen is a {size} {T} {at}, {chg}.",
    "The known {adj} {T} is {chg}.",
    "{Size} {adj} {T} is again noted and is {chg}.",
    "Attention to the {noun}: the {T} is {chg}.",
    "The {noun} is again evaluated. The {T} in this region is {chg}.",
    "Redemonstration of {size} {T} {at}, {chg} since {prior}.",
)
STABLE_CHRONIC = (
    "Again noted is a {size} {T} {at}.",
    "Stable {size} {adj} {T}.",
    "The {adj} {T} is unchanged.",
    "Redemonstrated {size} {T} {at}.",
    "Known {adj} {T}, without significant change.",
    "Unchanged appearance of the {T} {at}.",
)
RESOLVED_FINDING = (  # the negated mention continues the chain
    "The previously seen {adj} {T} has resolved.",
    "No residual {adj} {T}.",
    "Interval resolution of the {adj} {T}.",
    "The {adj} {T} is no longer seen.",
    "The {T} {at} has cleared.",
    "There is no longer evidence of {T} {at}.",
)
INCIDENTAL = (
    "Incidental note is made of {size} {T} {at}.",
    "There is an incidental {size} {adj} {T}.",
    "{Size} {T} {at} is of doubtful clinical significance.",
    "Incidentally seen {T} {at}.",
)

# -- device sentences --------------------------------------------------------------------
NEW_DEVICE = (
    "A {T} has been placed with its tip {pos}.",
    "New {T} terminates {pos}.",
    "Interval placement of a {T}, tip {pos}.",
    "The patient has been intubated; the {T} tip is {pos}.",
    "A {T} is now seen, ending {pos}.",
    "Since the prior study, a {T} has been inserted; it terminates {pos}.",
)
NEW_DEVICE_NOTIP = (
    "Interval placement of a {T}.",
    "A {T} is now present.",
    "New {T} is noted.",
)
PRESENT_DEVICE = (  # a device seen on the patient's first exam
    "A {T} is in place with its tip {pos}.",
    "The {T} terminates {pos}.",
    "{T} with tip {pos}.",
    "There is a {T} ending {pos}.",
)
STATIC_DEVICE = (
    "Again seen: {T}.",
    "Stable appearance of the {T}.",
    "The {T} is unchanged in position.",
    "Again noted is the {T}.",
    "A {T} is present.",
)
DEVICE_IN_PLACE = (
    "The {T} is in unchanged position.",
    "{T} tip remains {pos}.",
    "The {T} is in satisfactory position, {pos}.",
    "The {T} terminates {pos}, unchanged.",
    "Lines and tubes: the {T} is in standard position.",
    "The {T} is stable in position.",
    "Unchanged position of the {T}, with the {tip} {pos}.",
    "The {T} remains in place.",
)
DEVICE_MOVED = (
    "The {T} has been advanced and now terminates {pos}.",
    "The {T} has been withdrawn and its tip is now {pos}.",
    "The {T} has been repositioned; the {tip} is now {pos}.",
    "Interval repositioning of the {T}, now {pos}.",
    "The {T} was pulled back and now ends {pos}.",
)
DEVICE_BAD = (
    "The {T} terminates {pos}; repositioning is recommended.",
    "The {T} is malpositioned, {pos}.",
    "The {T} tip projects {pos} and should be withdrawn.",
    "The {tip} of the {T} is {pos}.",
)
DEVICE_REMOVED = (  # the removal mention continues the chain
    "The {T} has been removed.",
    "Interval removal of the {T}.",
    "The previously seen {T} is no longer present.",
    "The {T} has been removed in the interval.",
    "There has been removal of the {T}.",
)
TIP_WORDS = ("tip", "tip", "distal tip", "catheter tip")

# -- impression ----------------------------------------------------------------------------
IMPRESSION_NEW = ("{Size} {adj} {T}.", "New {adj} {T}.", "Interval development of {adj} {T}.",
                  "{Size} {T} {at}, new since {prior}.")
IMPRESSION_CHANGED = ("{Chg} {adj} {T}.", "{Adj} {T}, {chg}.", "{Size} {adj} {T}, {chg}.")
IMPRESSION_RESOLVED = ("Resolved {adj} {T}.", "Resolution of the {adj} {T}.")
IMPRESSION_DEVICE = ("{T} in standard position.", "{T} terminates {pos}.",
                     "Lines and tubes as described; the {T} terminates {pos}.",
                     "Malpositioned {T}; see above.")
IMPRESSION_NO_ACUTE = {
    "chest": ("No acute cardiopulmonary abnormality otherwise.", "Otherwise no acute change."),
    "head": ("Otherwise no acute intracranial abnormality.", "No other acute change."),
    "abdomen": ("Otherwise no acute abdominal or pelvic abnormality.",
                "No other acute findings."),
    "spine": ("Otherwise no acute abnormality of the cervical spine.",
              "No other acute findings."),
}

# -- framing text without mentions -------------------------------------------------------
INDICATIONS = (
    "{age}-year-old {sex} with {reason}. Evaluate for interval change.",
    "{age}-year-old {sex} with {reason}.",
    "{Reason}. Please assess.",
    "{Reason}. Assess for acute process.",
    "{age} y/o {sex}, {reason}, please evaluate.",
    "{age}-year-old {sex} status post {procedure}. {Reason}.",
)
REASONS = {
    "chest": ("shortness of breath", "fever and cough", "hypoxia", "line placement",
              "intubated patient", "respiratory distress", "tube placement check",
              "increasing oxygen requirement", "chest pain", "desaturation overnight"),
    "head": ("altered mental status", "fall with head strike", "headache", "new confusion",
             "left-sided weakness", "right-sided weakness", "follow-up of known bleed",
             "decreased responsiveness", "syncope"),
    "abdomen": ("abdominal pain", "abdominal distension", "nausea and vomiting",
                "fever and leukocytosis", "elevated liver enzymes", "flank pain",
                "postoperative fever", "decreased bowel function"),
    "spine": ("neck pain after fall", "trauma", "motor vehicle collision",
              "neck pain and limited range of motion", "fall from standing"),
}
PROCEDURES = ("laparotomy", "craniotomy", "CABG", "motor vehicle collision", "fall",
              "abdominal surgery", "intubation", "cardiac catheterization")
COMPARISONS_FIRST = ("None.", "No prior studies available.", "None available.")
COMPARISONS = ("{exam} from {date}.", "Prior study dated {date}.",
               "Comparison is made to the {exam} of {date}.", "{date}.",
               "Multiple prior studies, most recently {date}.")
TECHNIQUE = {
    ("XR", "chest"): ("Single portable AP view of the chest.", "PA and lateral views of the "
                      "chest.", "Portable semi-upright frontal radiograph of the chest."),
    ("XR", "abdomen"): ("Supine and upright views of the abdomen.",
                        "Single supine view of the abdomen.", "Two views of the abdomen."),
    ("CT", "head"): ("Contiguous axial images were obtained from the skull base to the "
                     "vertex without intravenous contrast. Coronal and sagittal reformations "
                     "were reviewed.",
                     "Non-contrast head CT was performed. Bone and soft tissue algorithms "
                     "were reviewed."),
    ("CT", "abdomen"): ("Axial images of the abdomen and pelvis were obtained after the "
                        "administration of intravenous contrast. Oral contrast was given. "
                        "Coronal and sagittal reformations were generated.",
                        "MDCT images were acquired through the abdomen and pelvis. "
                        "Multiplanar reformations were reviewed."),
    ("CT", "spine"): ("Helical axial images of the cervical spine were obtained without "
                      "contrast with sagittal and coronal reformations.",
                      "Non-contrast CT of the cervical spine from the skull base through T2."),
    ("CT", "chest"): ("Axial images of the chest were obtained with intravenous contrast.",
                      "Helical CT of the chest with multiplanar reformations."),
    ("CTA", "chest"): ("CT angiography of the chest was performed per pulmonary embolism "
                       "protocol with intravenous contrast. Three-dimensional reformations "
                       "were created on a separate workstation.",),
    ("CTA", "head"): ("CT angiography of the head was performed with intravenous contrast. "
                      "Maximum intensity projection and volume rendered images were "
                      "reviewed.",),
    ("MR", "head"): ("Sagittal T1, axial FLAIR, T2, diffusion-weighted and post-gadolinium "
                     "T1-weighted images of the brain were obtained.",
                     "Multiplanar multisequence MR images of the brain were obtained before "
                     "and after contrast."),
    ("US", "abdomen"): ("Grayscale and color Doppler ultrasound images of the abdomen were "
                        "obtained.", "Transabdominal ultrasound of the right upper quadrant."),
}
# Sentences that describe the study, not a finding or device (padding to realistic length).
FILLER = {
    "chest": ("The patient is rotated to the right.",
              "The study is limited by patient positioning.",
              "Assessment of the lung bases is limited by overlying soft tissue.",
              "Note is made of a skin fold projecting over the right hemithorax.",
              "The left costophrenic angle is partially excluded from the field of view.",
              "Monitoring leads project over the chest.",
              "Comparison is limited by differences in technique.",
              "The patient is imaged in the semi-upright position.",
              "External defibrillator pads overlie the left chest.",
              "The lateral view is degraded by motion.",
              "Overlying telemetry wires partially obscure the right mid lung.",
              "The image is slightly underpenetrated.",
              "The upper abdomen is partially included and is grossly stable in appearance.",
              "Evaluation of the retrocardiac region is limited on this single view.",
              "The exam was obtained at the bedside with the patient supine.",
              "Portions of the upper abdomen are partially imaged.",
              "A pair of EKG leads and external tubing overlie the chest.",
              "Comparison is made with the most recent study available."),
    "head": ("The visualized orbits are grossly symmetric.",
             "The study is mildly degraded by motion.",
             "Streak artifact from dental hardware limits evaluation of the posterior fossa.",
             "The orbits are partially included in the field of view.",
             "Evaluation of the posterior fossa is limited by beam hardening artifact.",
             "The patient's head is tilted within the gantry, limiting symmetry assessment.",
             "The globes and retro-orbital fat are symmetric.",
             "Images are compared side by side with the prior examination.",
             "The soft tissues of the scalp are evaluated on all images.",
             "The craniocervical junction is included on the scout image.",
             "Diffusion-weighted images are reviewed in concert with the ADC map.",
             "Bone windows were reviewed in the axial and coronal planes.",
             "The imaged portions of the upper cervical spine are included.",
             "Evaluation of the skull base is limited by partial volume averaging.",
             "Axial images were reformatted at 2.5 mm intervals."),
    "abdomen": ("The lung bases are included in the field of view.",
                "Oral contrast has passed into the colon.",
                "Evaluation of the solid organs is limited by respiratory motion.",
                "The urinary bladder is partially distended.",
                "The study is limited by body habitus.",
                "There is contrast in the renal collecting systems from the recent study.",
                "The stomach is collapsed, which limits its evaluation.",
                "Streak artifact from the patient's arms degrades the upper abdomen.",
                "Images were reviewed in soft tissue and lung windows.",
                "Bone windows were reviewed.",
                "The rectum contains a moderate amount of stool.",
                "The inguinal canals are only partially included.",
                "Images of the pelvis are degraded by streak artifact from hip prostheses.",
                "Delayed images were obtained through the kidneys.",
                "The visualized osseous structures were reviewed on bone windows.",
                "Evaluation of the pelvic organs is limited by artifact.",
                "The abdominal wall and inguinal regions were reviewed.",
                "Images extend from the lung bases to the pubic symphysis."),
    "spine": ("The craniocervical junction is maintained.",
              "The prevertebral soft tissues are evaluated on sagittal images.",
              "The visualized lung apices are included.",
              "Evaluation is limited by streak artifact at the cervicothoracic junction.",
              "The atlantodental interval is maintained.",
              "The occipital condyles and the lateral masses of C1 are symmetric.",
              "The neural foramina are assessed on oblique reformations.",
              "The spinal canal is evaluated from the foramen magnum to T2.",
              "The patient's shoulders limit evaluation of the lower cervical levels.",
              "Sagittal and coronal reformations were reviewed in bone algorithm."),
}
PREAMBLES = (
    "MEDICAL CONDITION: {age} year old {sex} with {reason}\n"
    "REASON FOR THIS EXAMINATION: {question}",
    "{age} year old {sex} with {reason}. Reason for examination: {question}",
    "MEDICAL CONDITION: {reason}\nREASON FOR THIS EXAMINATION: {question}\n"
    "No contraindications for IV contrast.",
)
QUESTIONS = ("assess for interval change", "evaluate tube and line placement",
             "please evaluate for acute process", "rule out acute pathology",
             "follow-up of known findings", "assess for progression",
             "please compare with the prior study", "evaluate after clinical change")
RECOMMENDATIONS = (
    "Recommend follow-up imaging after treatment to document resolution.",
    "Findings were communicated to the ordering provider by telephone at {time} on {date}.",
    "Clinical correlation is recommended.",
    "A follow-up study in 6 to 8 weeks could be obtained if clinically warranted.",
    "The referring team was paged with these results at {time}.",
    "Please see the separately dictated report of the same day for additional details.",
    "Further assessment could be performed with a dedicated examination if desired.",
)
ADDENDA = (
    "These findings were discussed with the covering physician by telephone at the time of "
    "the study, and the results were read back for confirmation.",
    "Recommend clinical correlation and follow-up imaging as clinically indicated.",
    "Wet read was provided to the clinical team at the time of the examination.",
    "If clinically indicated, further evaluation with a dedicated study could be considered.",
    "The case was reviewed with the attending radiologist, who agrees with the findings above.",
    "This study was reviewed at the multidisciplinary conference, and the interpretation above "
    "reflects the consensus of the reviewing radiologists.",
    "The preliminary interpretation provided overnight by the resident has been reviewed; there "
    "are no substantial discrepancies with the final interpretation.",
    "Images from the outside institution were not available for direct comparison at the time "
    "of this dictation, and an addendum will be issued if they become available.",
    "Note that the sensitivity of this examination is limited, and a negative study does not "
    "exclude the diagnosis in question if clinical suspicion remains high.",
    "Please note that the current study was compared with all available prior imaging, "
    "including studies performed at the outside hospital earlier this year.",
    "The ordering clinician was informed of the limitations of the study, including the "
    "suboptimal positioning and the motion artifact described above.",
)

# Neutral clauses that lengthen a CT/MR finding sentence (no mention in them).
DETAILS = ("(series 2, image {n})", "(series 3, image {n})", "best seen on the coronal images",
           "as seen on image {n} of series 4", "on the sagittal reformations",
           "(image {n})", "(series 5, image {n})")
